import { z } from 'zod';
import { limits } from './limits.ts';
import { messages as m } from './messages.ts';
import { cleanLine, stripInvisible } from './text.ts';

// Resumable guest uploads (tus 1.0 at /api/uploads), grouped by a submission, and the guest's view of
// what their phone uploaded. No account: a phone is known by the guest token a submission answers.

const u = m.upload;

/** Header a guest's phone sends with its token (submissions, my-uploads). */
export const guestTokenHeader = 'x-guest-token';

/** tus `Upload-Metadata` keys every file upload carries. */
export const tusMetadataKeys = {
  submissionId: 'submissionId',
  filename: 'filename',
  filetype: 'filetype',
} as const;

/** Each tus PATCH carries at most this many bytes, so no reverse proxy's body limit is ever met. */
export const tusChunkBytes = 8 * 1024 * 1024;

/**
 * Header on the response that completes a file (the last PATCH, or the creation with all bytes):
 * `accepted` (now in the album, or waiting for approval) or `duplicate` (this album already holds
 * the same bytes; nothing was stored again). A refused file gets a 4xx whose body is the Turkish reason.
 */
export const uploadOutcomeHeader = 'upload-outcome';
export const uploadOutcome = z.enum(['accepted', 'duplicate']);
export type UploadOutcome = z.infer<typeof uploadOutcome>;

export const uploaderName = z
  .string({ error: u.uploaderRequired })
  .transform(cleanLine)
  .superRefine((v, ctx) => {
    const length = [...v].length;
    if (length === 0) ctx.addIssue({ code: 'custom', message: u.nameRequired });
    else if (length < limits.uploaderNameMin) ctx.addIssue({ code: 'custom', message: u.nameMin });
    else if (length > limits.uploaderNameMax) ctx.addIssue({ code: 'custom', message: u.nameMax });
  });

export const uploadNote = z
  .string({ error: u.noteMax })
  .nullish()
  .transform((v) => (v == null ? null : stripInvisible(v).trim() || null))
  .refine((v) => v === null || [...v].length <= limits.uploadNoteMax, u.noteMax);

const videoExtensions = /\.(mp4|m4v|mov|webm|mkv|3gp|avi)$/i;

/** Photo or video, from what the browser declares (the server decides again from the bytes). */
export function declaredKind(file: { name: string; type: string }): 'image' | 'video' {
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('image/')) return 'image';
  return videoExtensions.test(file.name) ? 'video' : 'image';
}

export const submissionFile = z.object({
  name: z
    .string({ error: m.generic.invalidInput })
    .transform(cleanLine)
    .pipe(z.string().min(1, m.generic.invalidInput).max(255, m.generic.invalidInput)),
  size: z
    .number({ error: m.generic.invalidInput })
    .int(m.generic.invalidInput)
    // An empty file has nothing to keep: refused with its reason before any upload starts.
    .min(1, u.emptyFile)
    .max(limits.maxUploadBytes, u.maxTotalSize),
  type: z.string({ error: m.generic.invalidInput }).max(100, m.generic.invalidInput),
});
export type SubmissionFile = z.infer<typeof submissionFile>;

/** One guest's selection, checked once against the spec's rules before any byte is sent. */
export const createSubmissionInput = z
  .object({
    uploader: uploaderName,
    note: uploadNote,
    files: z
      .array(submissionFile, { error: u.selectFiles })
      .min(1, u.selectFiles)
      .max(limits.maxPhotosPerUpload + limits.maxVideosPerUpload + 1, u.maxPhotos),
  })
  .superRefine((v, ctx) => {
    const videos = v.files.filter((f) => declaredKind(f) === 'video').length;
    const photos = v.files.length - videos;
    if (photos > limits.maxPhotosPerUpload)
      ctx.addIssue({ code: 'custom', message: u.maxPhotos, path: ['files'] });
    if (videos > limits.maxVideosPerUpload)
      ctx.addIssue({ code: 'custom', message: u.maxVideos, path: ['files'] });
    const total = v.files.reduce((sum, f) => sum + f.size, 0);
    if (total > limits.maxUploadBytes)
      ctx.addIssue({ code: 'custom', message: u.maxTotalSize, path: ['files'] });
  });
export type CreateSubmissionInput = z.input<typeof createSubmissionInput>;

export const createSubmissionResponse = z.object({
  success: z.literal(true),
  submissionId: z.string(),
  /**
   * The phone's token for this event: kept by the page, sent as `X-Guest-Token` with later
   * submissions (they then answer the same token) and to list or delete its own uploads.
   */
  guestToken: z.string(),
  /** Unfinished files of the submission are swept after this moment (24 h). */
  expiresAt: z.string(),
});
export type CreateSubmissionResponse = z.infer<typeof createSubmissionResponse>;

export const submissionParams = z.object({
  eventId: z.string().trim().min(1).max(100),
  submissionId: z.string().trim().min(1).max(100),
});

/** Where each declared file of a submission stands (read by a page that returns after a reload). */
export const submissionFileState = z.enum(['waiting', 'receiving', 'accepted', 'duplicate', 'refused']);
export type SubmissionFileState = z.infer<typeof submissionFileState>;

export const submissionStatusResponse = z.object({
  success: z.literal(true),
  submissionId: z.string(),
  expiresAt: z.string(),
  files: z.array(
    z.object({
      name: z.string(),
      size: z.number().int(),
      state: submissionFileState,
      /** Bytes the server holds of this file. */
      offset: z.number().int(),
      /** The Turkish reason of a refused file. */
      reason: z.string().nullable(),
    }),
  ),
});
export type SubmissionStatusResponse = z.infer<typeof submissionStatusResponse>;

/** A guest's own upload as their phone sees it. */
export const myUploadState = z.enum(['processing', 'pending', 'approved']);
export type MyUploadState = z.infer<typeof myUploadState>;

export const myUpload = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.enum(['image', 'video']),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** "İşleniyor" while thumbnails are made, then "Onay bekliyor" or "Albümde". */
  state: myUploadState,
  /** Signed thumbnail URL once it exists. */
  thumbnailUrl: z.string().nullable(),
  /**
   * Another phone sent the same file too: deleting takes it off this list, and it stays in the
   * album as that guest's (the album keeps one copy of a file, with one sender).
   */
  sentByOthersToo: z.boolean(),
});
export type MyUpload = z.infer<typeof myUpload>;

export const myUploadsResponse = z.object({
  success: z.literal(true),
  uploads: z.array(myUpload),
  /** False once the owner closed uploads: the guest can no longer delete. */
  canDelete: z.boolean(),
});
export type MyUploadsResponse = z.infer<typeof myUploadsResponse>;

export const myUploadParams = z.object({
  eventId: z.string().trim().min(1).max(100),
  photoId: z.string().trim().min(1).max(300),
});

export const deleteMyUploadResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeleteMyUploadResponse = z.infer<typeof deleteMyUploadResponse>;
