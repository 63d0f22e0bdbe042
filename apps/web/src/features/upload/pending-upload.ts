import { createStore, del, get, set } from 'idb-keyval';

/** Where one file of a started upload stands, as the page last knew it. */
export type PendingFileState = 'waiting' | 'sending' | 'accepted' | 'duplicate' | 'refused';

export interface PendingFile {
  /** The picked file itself: IndexedDB keeps a File (structured clone), so a reload loses no bytes. */
  file: File;
  state: PendingFileState;
  /** The file's tus upload address once created; a resumed upload continues there (HEAD, then PATCH). */
  uploadUrl: string | null;
  /** The server's Turkish reason for a refused file. */
  reason: string | null;
  /**
   * Bytes the server last said it held of an unfinished file (its submission status when the upload was
   * continued), so progress after a reload starts there. Only shown: continuing asks the tus upload
   * itself (HEAD). Absent in uploads stored before it was kept.
   */
  offset?: number;
}

/** A file's state in an upload and, when refused, the server's reason: what its tile shows. */
export type FileStatus = Pick<PendingFile, 'state' | 'reason'>;

/** An upload the guest started on this phone: enough to continue it after a reload or a closed tab. */
export interface PendingUpload {
  eventId: string;
  uploader: string;
  note: string;
  submissionId: string | null;
  guestToken: string | null;
  files: PendingFile[];
  /**
   * When the server was too busy to take the selection (429 to its announcement): the time (epoch ms)
   * it asked the page to wait until. The page counts down to it and starts by itself, after a reload
   * too. Absent once a run started again, and in uploads stored before it was kept.
   */
  notBefore?: number;
}

export const isSettled = (state: PendingFileState) =>
  state === 'accepted' || state === 'duplicate' || state === 'refused';

export const unfinishedCount = (upload: PendingUpload) =>
  upload.files.filter((f) => !isSettled(f.state)).length;

// One database for the page's own data; each event's upload under its id, so two events' pages on the
// same phone do not meet.
let store: ReturnType<typeof createStore> | null = null;
const uploads = () => (store ??= createStore('ani-guest-uploads', 'pending'));

/** The upload left unfinished for this event, if any (null also when IndexedDB is unavailable). */
export async function loadPendingUpload(eventId: string): Promise<PendingUpload | null> {
  try {
    const found = await get<PendingUpload>(eventId, uploads());
    return found && found.files.length > 0 ? found : null;
  } catch {
    return null;
  }
}

export async function savePendingUpload(upload: PendingUpload): Promise<void> {
  try {
    await set(upload.eventId, upload, uploads());
  } catch {
    // A full or disabled IndexedDB: the upload goes on, it just cannot survive a reload.
  }
}

export async function clearPendingUpload(eventId: string): Promise<void> {
  try {
    await del(eventId, uploads());
  } catch {
    /* nothing stored */
  }
}
