import { invitationParameters } from '@ani/contract/invitation';
import type { ConversationMessage, WhatsappStatusResponse } from '@ani/contract/whatsapp';
import { messages } from '@ani/contract/messages';
import type { AuthUser } from '../../http/auth.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { JobContext } from '../../jobs/jobs.ts';
import type { Storage } from '../../storage/storage.ts';
import type { GuestsApi } from '../guests/guests.public.ts';
import type { WeddingsApi } from '../weddings/weddings.public.ts';
import type { WhatsappClient } from './whatsapp.client.ts';
import { inboundBody, rsvpOf, type InboundMessage } from './whatsapp-rsvp.ts';
import type { WhatsappOutboxRepository } from './whatsapp.outbox.repository.ts';
import type { ReportedStatus, WhatsappRepository } from './whatsapp.repository.ts';

type LoggerLike = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

// Meta fetches the header image when it sends the message, possibly after our retries: a week.
const headerImageSeconds = 7 * 24 * 60 * 60;

// Longer than the client's 30 s timeout, so a live sender never loses its lease mid-call.
const sendLeaseMs = 2 * 60_000;

// A few quick tries for a write that must land after Meta accepted a send (a pool hiccup, a
// failover): giving up there leaves the message to the unreleased-lease rule, which never resends.
const markRetryDelaysMs = [100, 500, 2_000];

// A send waiting on another attempt's lease looks again this long after it ends.
const leaseEndMarginMs = 1_000;
/** Refused sends remembered through a database outage: a bound, far above one outage's worth of a wedding's sends. */
const maxUnreleasedUnsent = 1_000;

async function retried<T>(write: () => Promise<T>): Promise<T> {
  for (const delay of markRetryDelaysMs) {
    try {
      return await write();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return write();
}

const reportedStatuses = new Set<ReportedStatus>(['sent', 'delivered', 'read', 'failed']);

/** The webhook body as Meta sends it (only the parts this product reads). */
type WebhookBody = {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: {
        messages?: (InboundMessage & {
          id?: string;
          from?: string;
          timestamp?: string;
          context?: { id?: string };
        })[];
        statuses?: {
          id?: string;
          status?: string;
          timestamp?: string;
          errors?: { code?: number; title?: string; message?: string }[];
        }[];
      };
    }[];
  }[];
};

const list = <T>(value: T[] | undefined | null): T[] => (Array.isArray(value) ? value : []);

/** Meta's timestamp, or now when it is missing or beyond what a Date (and the database) can hold. */
const fromUnixSeconds = (value: string | undefined) => {
  const date = new Date(Number(value) * 1000);
  return Number(value) > 0 && Number.isFinite(date.getTime()) ? date : new Date();
};

export function createWhatsappService(deps: {
  repository: WhatsappRepository;
  /** The send job's own queries: claiming a send, recording what Meta answered. */
  outbox: WhatsappOutboxRepository;
  access: OwnerAccess;
  weddings: Pick<WeddingsApi, 'findById'>;
  guests: Pick<GuestsApi, 'findById' | 'lockForUpdate' | 'applyRsvp' | 'markUnreachable'>;
  client: WhatsappClient;
  storage: Storage;
  publicUrl: string;
  logger: LoggerLike;
  /** Metrics: the outcome of each send attempt that reached the provider. */
  onSendOutcome?: (outcome: 'sent' | 'failed' | 'retried') => void;
}) {
  const { repository, outbox, client, storage, logger, guests } = deps;
  const ownedWedding = deps.access.wedding;
  /**
   * Attempts Meta refused whose lease could not be released (the database was away through every
   * retry), by message: the lease alone would read as "may have been sent" once it ran out. The
   * next attempt in this process releases it first. Another process does not know, and marks the
   * message failed instead: the safe side, which is also why the oldest is forgotten once the map
   * is full (a long outage) and why a message settled meanwhile is forgotten at its next attempt.
   */
  const unreleasedUnsent = new Map<string, { attempts: number; error: string }>();
  const rememberUnsent = (messageId: string, unsent: { attempts: number; error: string }) => {
    if (unreleasedUnsent.size >= maxUnreleasedUnsent)
      unreleasedUnsent.delete(unreleasedUnsent.keys().next().value!);
    unreleasedUnsent.set(messageId, unsent);
  };

  async function absoluteImageUrl(key: string): Promise<string> {
    const url = await storage.signedUrl(key, {
      expiresInSeconds: headerImageSeconds,
      contentType: 'image/jpeg',
    });
    return /^https?:\/\//.test(url) ? url : `${deps.publicUrl}${url}`;
  }

  return {
    get connected() {
      return client.connected;
    },

    async status(user: AuthUser, weddingId: string): Promise<Omit<WhatsappStatusResponse, 'success'>> {
      const wedding = await ownedWedding(user, weddingId);
      const counts = await repository.invitationCounts(wedding.id);
      return client.connected
        ? { connected: true, counts }
        : { connected: false, counts, message: messages.whatsapp.notConnected };
    },

    async conversation(
      user: AuthUser,
      weddingId: string,
      normalisedPhone: string,
    ): Promise<ConversationMessage[]> {
      const wedding = await ownedWedding(user, weddingId);
      const rows = await repository.conversation(wedding.id, `+${normalisedPhone}`);
      return rows.map((r) => ({
        body: r.body,
        timestamp: r.occurredAt.toISOString(),
        direction: r.direction,
        status: r.status,
        ...(r.unmatched ? { unmatched: true } : {}),
      }));
    },

    /**
     * Job: send one queued invitation. Idempotent: a message that already has a provider id is not
     * sent again. Throws to be retried with backoff (rate limit, outage); a permanent failure is
     * recorded instead, and marks the guest unreachable when the number itself is the problem.
     */
    async sendInvitation(
      { messageId }: { messageId: string },
      attempt: Pick<JobContext, 'attempt' | 'maxAttempts'>,
    ): Promise<void> {
      const message = await outbox.findMessage(messageId);
      if (!message || message.status !== 'queued' || message.providerMessageId) {
        unreleasedUnsent.delete(messageId);
        return;
      }
      const unsent = unreleasedUnsent.get(message.id);
      if (unsent) {
        await outbox.recordAttemptFailure(message.id, unsent.attempts, unsent.error);
        unreleasedUnsent.delete(message.id);
      }
      // Not configured: the row stays "queued" in the outbox; it is sent once WhatsApp is connected.
      if (!client.connected) return;
      const wedding = await deps.weddings.findById(message.weddingId);
      if (!wedding) return;
      const guest = message.guestId ? await guests.findById(message.guestId) : null;
      // Prepared before the lease is taken: a failure here must leave no unreleased lease behind,
      // since one is read as "a send may have gone out".
      const imageUrl = wedding.invitationImageKey ? await absoluteImageUrl(wedding.invitationImageKey) : null;
      if (await outbox.markStaleAttemptUnconfirmed(message.id)) {
        deps.onSendOutcome?.('failed');
        logger.warn({ messageId: message.id }, 'WhatsApp invitation outcome unknown; not sent again');
        return;
      }
      if (!(await outbox.claimAttempt(message.id, message.attempts, sendLeaseMs))) {
        const now = await outbox.findMessage(message.id);
        if (!now || now.status !== 'queued' || now.providerMessageId) return;
        // Another attempt holds the lease (a live worker, or one that lost the database or died):
        // look again once it ended, in a job that uses none of this send's attempts. Retrying with
        // backoff instead ran out of attempts well within a lease and left the message queued with
        // no job, shown as "being sent" for ever.
        if (now.sendingUntil && now.sendingUntil.getTime() > Date.now()) {
          await outbox.checkAgainAt(
            message.id,
            new Date(now.sendingUntil.getTime() + leaseEndMarginMs),
            attempt.maxAttempts - attempt.attempt + 1,
          );
          logger.info(
            { messageId: message.id },
            'WhatsApp invitation held by another attempt; checking after it',
          );
          return;
        }
        // Claimed and released by another attempt since we read it: a fresh read decides next time.
        throw new Error('WhatsApp invitation changed while claiming its send; checking again later');
      }
      const claimedAttempts = message.attempts + 1;
      const result = await client.sendInvitation({
        to: message.phone.replace(/^\+/, ''),
        imageUrl,
        bodyParameters: invitationParameters(wedding, guest?.name ?? ''),
      });
      if (result.ok) {
        deps.onSendOutcome?.('sent');
        // Meta has the message: the lease stays until its id is stored, so no retry of this job can
        // send it again; a database blip is retried here rather than by re-running the whole send.
        const status = await retried(() => outbox.markSent(message.id, result.providerMessageId));
        if (status === 'failed' && message.guestId) await guests.markUnreachable(message.guestId);
        return;
      }
      if (result.outcomeUnknown) {
        deps.onSendOutcome?.('failed');
        await retried(() => outbox.markUnconfirmed(message.id, result.error));
        logger.warn({ messageId: message.id, error: result.error }, 'WhatsApp invitation outcome unknown');
        return;
      }
      const final = !result.retry || attempt.attempt >= attempt.maxAttempts;
      deps.onSendOutcome?.(final ? 'failed' : 'retried');
      if (!final) {
        // The only write that releases the lease of a send Meta never took: retried like markSent,
        // and remembered when even that fails, so the lease is not later read as "may have been sent".
        try {
          await retried(() => outbox.recordAttemptFailure(message.id, claimedAttempts, result.error));
        } catch (error) {
          rememberUnsent(message.id, { attempts: claimedAttempts, error: result.error });
          throw error;
        }
        throw new Error(`WhatsApp send will be retried: ${result.error}`);
      }
      await retried(() => outbox.markFailed(message.id, result.error));
      if (result.recipientProblem && message.guestId) await guests.markUnreachable(message.guestId);
      logger.warn({ messageId: message.id, error: result.error }, 'WhatsApp invitation failed permanently');
    },

    /** Job: one webhook delivery. Every step is idempotent, so a retried or repeated delivery is harmless. */
    async processWebhook(payload: object): Promise<void> {
      const body = payload as WebhookBody;
      // A signed but odd body (another field, a test ping) is skipped, never retried forever.
      for (const entry of list(body.entry)) {
        for (const change of list(entry?.changes)) {
          const value = change?.value;
          if (!value || typeof value !== 'object') continue;
          for (const s of list(value.statuses)) {
            if (!s || typeof s !== 'object') continue;
            if (
              typeof s.id !== 'string' ||
              s.id.includes('\u0000') ||
              !reportedStatuses.has(s.status as ReportedStatus)
            )
              continue;
            const error = s.errors?.[0];
            const { failedGuestId } = await repository.recordStatus({
              providerMessageId: s.id,
              status: s.status as ReportedStatus,
              occurredAt: fromUnixSeconds(s.timestamp),
              errorText: error ? `${error.code ?? ''} ${error.title ?? error.message ?? ''}`.trim() : null,
            });
            if (failedGuestId) await guests.markUnreachable(failedGuestId);
          }
          for (const m of list(value.messages)) {
            if (!m || typeof m.id !== 'string' || typeof m.from !== 'string' || m.id.includes('\u0000'))
              continue;
            const phone = `+${m.from.replace(/\D/g, '')}`;
            const inbound = {
              phone,
              kind:
                m.type === 'text'
                  ? 'text'
                  : m.type === 'button' || m.type === 'interactive'
                    ? 'button'
                    : 'other',
              body: inboundBody(m),
              providerMessageId: m.id,
              contextMessageId: m.context?.id ?? null,
              occurredAt: fromUnixSeconds(m.timestamp),
            } as const;
            // A button reply names the invitation it answers.
            const replied = m.context?.id ? await repository.findOutboundByProviderId(m.context.id) : null;
            // Otherwise the message can only be for a wedding that wrote to this number. Being on a
            // guest list is not enough: anyone can type a stranger's number into their own list.
            const writers = replied ? [] : await repository.weddingsThatWrote(phone);
            if (writers.length > 1) {
              // "Evet" from a guest of two weddings answers neither for sure: each host reads it,
              // marked unmatched, and sets the status by hand if it was meant for them.
              for (const { weddingId, guestId } of [...writers].reverse()) {
                await repository.recordInbound(
                  { ...inbound, weddingId, guestId, rsvp: null, unmatched: true },
                  guests,
                );
              }
              logger.info(
                { providerMessageId: m.id, weddings: writers.length },
                'WhatsApp reply matches several weddings',
              );
              continue;
            }
            const target = replied ?? writers[0];
            if (!target) {
              logger.info(
                { providerMessageId: m.id },
                'WhatsApp message from a number no wedding wrote to ignored',
              );
              continue;
            }
            const { weddingId, guestId } = target;
            await repository.recordInbound({ ...inbound, weddingId, guestId, rsvp: rsvpOf(m) }, guests);
          }
        }
      }
    },

    /** Accepts a signed delivery: stored as a durable job, processed by processWebhook. */
    acceptWebhook: (body: object) => repository.enqueueWebhook(body),

    /** At start-up with WhatsApp connected: invitations recorded while it was not get their send jobs. */
    async requeueOutbox(maxAttempts: number): Promise<number> {
      return client.connected ? outbox.requeueOrphanInvitations(maxAttempts) : 0;
    },
  };
}

export type WhatsappService = ReturnType<typeof createWhatsappService>;
