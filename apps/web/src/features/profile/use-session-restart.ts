import { useEffect, useEffectEvent, useRef } from 'react';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** What a card needs of a mutation to forget its error. */
interface ResettableMutation {
  error: Error | null;
  reset: () => void;
}

/**
 * A save refused because the session it carried had ended says so in its card, and the sign-in
 * dialog opens over the page, which stays as it was. Once the host signs in there, a new session
 * runs and "Oturumunuz sona erdi" is no longer true: each given mutation whose error was that refusal
 * is reset, so its card's banner goes. Any other error stays until the host tries again.
 */
export function useForgetEndedSessionErrors(...mutations: ResettableMutation[]): void {
  const { token } = useSession();
  const seen = useRef(token);
  const forget = useEffectEvent(() => {
    for (const mutation of mutations) {
      if (mutation.error instanceof ApiError && mutation.error.sessionEnded) mutation.reset();
    }
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = token;
    // A token that was not there before (or another one): a session has begun.
    if (token !== null && token !== before) forget();
  }, [token]);
}
