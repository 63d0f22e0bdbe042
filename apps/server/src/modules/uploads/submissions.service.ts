import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { createSubmissionInput, SubmissionStatusResponse } from '@ani/contract/uploads';
import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { GuestTokens } from '../../http/guest-tokens.ts';
import type { MediaUploadsApi } from '../media/media.public.ts';
import type { SubmissionAdmission } from './submission-limits.ts';
import type { UploadsRepository } from './uploads.repository.ts';
import { submissionTtlMs, type Staging } from './uploads.service.ts';

const s = messages.submissions;

/**
 * A guest's submission: the selection declared and checked once before any byte, and where each of
 * its files stands. The files' bytes then come over tus (`uploads.service.ts`).
 */
export function createSubmissionsService(deps: {
  repository: UploadsRepository;
  media: Pick<MediaUploadsApi, 'checkUpload'>;
  tokens: GuestTokens;
  /** Counts each new submission against its phone's or its address's budget (429 when over). */
  admission: SubmissionAdmission;
  staging: Pick<Staging, 'offset'>;
  now?: () => Date;
}) {
  const { repository: repo, media, staging } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * Checks a guest's whole selection once, before any byte: the spec's rules (by the contract's
     * schema), then what the multipart path checks before reading a body (event, closed uploads,
     * album quota, disk floor, the address's hourly bytes). Nothing is reserved: the bytes count
     * against the address as they arrive.
     */
    async createSubmission(
      eventId: string,
      input: z.infer<typeof createSubmissionInput>,
      client: { ip: string; guestToken: string | undefined },
    ) {
      const known = deps.tokens.verify(eventId, client.guestToken);
      await deps.admission.admit(client.ip, known ? { eventId, guestId: known } : null);
      const total = input.files.reduce((sum, f) => sum + f.size, 0);
      await media.checkUpload(eventId, { ip: client.ip, declaredBytes: total });
      const guest = known ? { guestId: known, token: client.guestToken! } : deps.tokens.issue(eventId);
      const id = randomUUID();
      const expiresAt = new Date(now().getTime() + submissionTtlMs);
      await repo.insertSubmission(
        {
          id,
          eventId,
          guestId: guest.guestId,
          uploader: input.uploader,
          note: input.note,
          clientIp: client.ip,
          expiresAt,
        },
        input.files,
      );
      return {
        success: true as const,
        submissionId: id,
        guestToken: guest.token,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * Where each file of the guest's own submission stands; anyone else's token, or an expired
     * submission, finds nothing.
     */
    async status(
      eventId: string,
      submissionId: string,
      guestToken: string | undefined,
    ): Promise<SubmissionStatusResponse> {
      const guestId = deps.tokens.verify(eventId, guestToken);
      const submission = guestId ? await repo.findSubmission(submissionId) : null;
      // An expired one is answered as the hourly sweep will soon leave it, gone: a phone back after
      // its lifetime then announces what is left as a new submission, instead of carrying on with
      // one whose every remaining file the uploads refuse as expired.
      if (
        !submission ||
        submission.eventId !== eventId ||
        submission.guestId !== guestId ||
        submission.expiresAt <= now()
      )
        throw new AppError(ErrorCode.NOT_FOUND, s.notFound);
      const files = await repo.listFiles(submissionId);
      return {
        success: true,
        submissionId,
        expiresAt: submission.expiresAt.toISOString(),
        files: await Promise.all(
          files.map(async (f) => ({
            name: f.name,
            size: f.size,
            state: f.state,
            offset:
              f.state === 'accepted' || f.state === 'duplicate'
                ? f.size
                : f.state === 'receiving' && f.uploadId
                  ? ((await staging.offset(f.uploadId)) ?? 0)
                  : 0,
            reason: f.reason,
          })),
        ),
      };
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
