import { messages } from '@ani/contract/messages';
import type { EventRow, EventsApi } from '../modules/events/events.public.ts';
import type { WeddingRow, WeddingsApi } from '../modules/weddings/weddings.public.ts';
import type { AuthUser } from './auth.ts';
import { AppError, ErrorCode } from './errors.ts';

/**
 * The one answer to "may this user act on this event / wedding", for every owner route. A
 * stranger's event or wedding answers 404 exactly like a missing one: whether it exists is private
 * to its owner, so no 403 ever confirms it.
 */
export function createOwnerAccess(deps: {
  events: Pick<EventsApi, 'findOwned'>;
  weddings: Pick<WeddingsApi, 'findOwned'>;
}) {
  return {
    async event(user: AuthUser, eventId: string): Promise<EventRow> {
      const event = await deps.events.findOwned(eventId, user.id);
      if (!event) throw new AppError(ErrorCode.NOT_FOUND, messages.events.notFound);
      return event;
    },
    async wedding(user: AuthUser, weddingId: string): Promise<WeddingRow> {
      const wedding = await deps.weddings.findOwned(weddingId, user.id);
      if (!wedding) throw new AppError(ErrorCode.NOT_FOUND, messages.weddings.notFound);
      return wedding;
    },
  };
}

export type OwnerAccess = ReturnType<typeof createOwnerAccess>;
