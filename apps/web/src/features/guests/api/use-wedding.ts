import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { weddingQuery } from './guests-api';

/** The signed-in host's wedding; the username in the query is the session's (spec part 2 §6). */
export function useWedding() {
  const { user } = useSession();
  return useQuery({ ...weddingQuery(user?.username ?? ''), enabled: Boolean(user?.username) });
}
