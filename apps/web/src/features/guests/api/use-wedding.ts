import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { weddingInfoQuery } from '../../../lib/queries';

/** The signed-in host's wedding; the username in the query is the session's. */
export function useWedding() {
  const { user } = useSession();
  return useQuery({ ...weddingInfoQuery(user?.username ?? ''), enabled: Boolean(user?.username) });
}
