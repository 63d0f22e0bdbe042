import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { submissionTexts as t } from './texts';
import {
  clearPendingUpload,
  isSettled,
  loadPendingUpload,
  unfinishedCount,
  type FileStatus,
  type PendingFile,
  type PendingUpload,
} from './pending-upload';
import type { LeftOut } from './upload-rules';
import type { ConnectionTrouble } from './api/tus-file';

export interface UploadSummary {
  accepted: number;
  duplicates: string[];
  refused: LeftOut[];
}

function summarize(files: PendingFile[]): UploadSummary {
  return {
    accepted: files.filter((f) => f.state === 'accepted').length,
    duplicates: files.filter((f) => f.state === 'duplicate').map((f) => f.file.name),
    refused: files
      .filter((f) => f.state === 'refused')
      .map((f) => ({ name: f.file.name, reason: f.reason ?? t.refused })),
  };
}

const statusesOf = (upload: PendingUpload): FileStatus[] =>
  upload.files.map((f) => ({ state: f.state, reason: f.reason }));

/** Where each file's progress starts: all of a settled file, what the server last said it held of the others. */
const sentOf = (upload: PendingUpload): number[] =>
  upload.files.map((f) => (isSettled(f.state) ? f.file.size : Math.min(f.offset ?? 0, f.file.size)));

/** Whether any file of the upload got anywhere: settled, given a tus address, or partly held by the server. */
const begun = (upload: PendingUpload) =>
  upload.files.some((f) => isSettled(f.state) || f.uploadUrl !== null || (f.offset ?? 0) > 0);

/** Where a busy server's wait stands: when it ends, and whether it was found stored on arrival. */
export interface BusyWait {
  until: number;
  /** Found stored when the page opened (a reload mid-wait), not the answer to a tap just now. */
  restored: boolean;
}

/**
 * tus-js-client and the upload steps, a chunk of their own: fetched when the guest picks files, not
 * with the page (its first load stays small) and not at the tap (a phone that lost the network in
 * between could no longer fetch it, and a browser keeps a failed module import failed).
 */
const loadRunner = () => import('./api/run-upload');

/**
 * Runs `work` unless another tab of this browser is already uploading to the event, which answers
 * 'elsewhere'. Two tabs are one phone's single stored upload (the QR scanned again, the page opened
 * twice): sending it from both at once would have each take over the other's files on the server and
 * report them as failed, and a new selection in the second tab would replace the first's stored one.
 * Browsers without Web Locks run it as before.
 */
async function oneTabAtATime<T>(eventId: string, work: () => Promise<T>): Promise<T | 'elsewhere'> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(`ani-upload:${eventId}`, { ifAvailable: true }, (lock) =>
    lock ? work() : ('elsewhere' as const),
  );
}

/** Tells the tus uploads of a discarded upload to go (best effort: the server sweeps them after a day). */
function terminate(upload: PendingUpload) {
  for (const f of upload.files) {
    if (f.uploadUrl && !isSettled(f.state)) {
      void fetch(f.uploadUrl, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' } }).catch(() => {});
    }
  }
}

/**
 * The guest page's resumable upload, apart from the form's fields: the upload stored on this phone
 * and not finished (offered on arrival, or after the connection dropped), each file's status and
 * bytes sent while it runs, and the outcome. The form owns its fields: `onShow` puts the upload on
 * screen's files, name and note in them (a stored one found on arrival, or the one starting now),
 * `onFinished` clears them once everything has gone, and `onUploaded` tells the page (its media
 * count, the guest's own uploads) that the album changed.
 */
export function useResumableUpload(
  eventId: string,
  handlers: {
    onShow(upload: PendingUpload): void;
    onFinished(): void;
    onUploaded(summary?: UploadSummary): void;
  },
) {
  const [failure, setFailure] = useState<string | null>(null);
  const [summary, setSummary] = useState<UploadSummary | null>(null);
  const [statuses, setStatuses] = useState<FileStatus[] | null>(null);
  const [sent, setSent] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const [trouble, setTrouble] = useState<ConnectionTrouble>(null);
  const [unfinished, setUnfinished] = useState<PendingUpload | null>(null);
  const [offerResume, setOfferResume] = useState(false);
  const [wait, setWait] = useState<BusyWait | null>(null);
  // The clock the wait's countdown is drawn with, moved on each second while a wait runs.
  const [now, setNow] = useState(() => Date.now());
  // A ref, not state: a double tap lands before React re-renders the disabled button.
  const busy = useRef(false);
  // Runs started so far: an answer asked for before a run began describes the upload as it stood
  // then, and once that run has moved on (or finished) it would put back what is already gone.
  const runs = useRef(0);

  /** Puts a stored upload on screen as it stands: its files, name, note and what already arrived. */
  const show = (upload: PendingUpload) => {
    handlers.onShow(upload);
    setStatuses(statusesOf(upload));
    setSent(sentOf(upload));
  };
  const showFound = useEffectEvent(show);
  /**
   * An upload put off by a busy server: on screen as it stands, counting down to `until`. Nothing of it
   * begun, it shows no progress: the files are still just chosen, not half sent.
   */
  const putOff = (upload: PendingUpload, until: number, restored: boolean) => {
    handlers.onShow(upload);
    const started = begun(upload);
    setStatuses(started ? statusesOf(upload) : null);
    setSent(started ? sentOf(upload) : []);
    setUnfinished(upload);
    setOfferResume(false);
    setNow(Date.now());
    setWait({ until, restored });
  };
  const putOffFound = useEffectEvent(putOff);
  const refreshFound = useEffectEvent((known: PendingUpload) => {
    if (unfinishedCount(known) > 0) setUnfinished(known);
    setStatuses(statusesOf(known));
    setSent(sentOf(known));
  });

  useEffect(() => {
    let live = true;
    void loadPendingUpload(eventId).then((found) => {
      if (!live || !found) return;
      if (unfinishedCount(found) === 0) void clearPendingUpload(eventId);
      // Reloaded while waiting for a busy server: the wait goes on, and the start it promised still comes.
      else if (typeof found.notBefore === 'number') putOffFound(found, found.notBefore, true);
      else {
        setUnfinished(found);
        setOfferResume(true);
        showFound(found);
        // The phone stores what the server held when the run began; the server knows what arrived since.
        const asked = runs.current;
        void loadRunner()
          .then(({ withServerStates }) => withServerStates(found))
          .then((known) => {
            if (live && known && runs.current === asked) refreshFound(known);
          });
      }
    });
    return () => {
      live = false;
    };
  }, [eventId]);

  const run = async (upload: PendingUpload) => {
    if (busy.current) return;
    busy.current = true;
    runs.current += 1;
    setSending(true);
    setOfferResume(false);
    setWait(null);
    setFailure(null);
    setSummary(null);
    show(upload);
    let last = upload;
    try {
      const { runUpload } = await loadRunner();
      const result = await oneTabAtATime(eventId, () =>
        runUpload(upload, {
          onChange: (next) => {
            last = next;
            setStatuses(statusesOf(next));
            setSent((current) =>
              next.files.map((f, i) => (isSettled(f.state) ? f.file.size : (current[i] ?? 0))),
            );
          },
          onProgress: (index, bytes) =>
            setSent((current) => current.map((value, i) => (i === index ? bytes : value))),
          onTrouble: setTrouble,
        }),
      );
      if (result === 'elsewhere') {
        // Nothing was sent from here; the same tap continues once the other tab is done.
        setFailure(t.otherTab);
        setUnfinished(upload);
        setOfferResume(true);
      } else if (result.kind === 'finished') {
        const outcome = summarize(last.files);
        setSummary(outcome);
        setStatuses(null);
        setUnfinished(null);
        handlers.onFinished();
        handlers.onUploaded(outcome);
      } else if (result.kind === 'busy') {
        // Nothing failed and nothing was sent: no "left half-way" offer, a countdown to its own start.
        putOff(last, result.until, false);
      } else if (result.kind === 'interrupted') {
        // Everything is stored: offered like after a reload, with what is left, and the same tap continues.
        setFailure(result.message);
        setUnfinished(last);
        setOfferResume(true);
      } else {
        // The submission was refused as a whole: the server's reason, the selection kept for another try.
        setFailure(result.message);
        setStatuses(null);
        setUnfinished(null);
        if (result.status === 403) handlers.onUploaded();
      }
    } catch {
      setFailure(t.connectionLost);
      setUnfinished(last);
      setOfferResume(true);
    } finally {
      busy.current = false;
      setSending(false);
      setTrouble(null);
    }
  };

  // The wait's countdown, and the start it promised once it is over. Timed from the clock rather than by
  // counting ticks: a locked phone's page gets its timers late, and must neither start early nor show a
  // figure that went stale while it slept.
  const startWhenDue = useEffectEvent(() => {
    if (unfinished) void run(unfinished);
  });
  useEffect(() => {
    if (!wait) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = wait.until - Date.now();
      if (left <= 0) {
        startWhenDue();
        return;
      }
      setNow(Date.now());
      // On the next whole second still to wait, where the figure shown changes.
      timer = setTimeout(tick, left % 1000 || 1000);
    };
    timer = setTimeout(tick, Math.max(0, Math.min(wait.until - Date.now(), 1000)));
    return () => clearTimeout(timer);
  }, [wait]);

  /** Drops the stored upload: its unfinished files are told to go, and the screen is empty again. */
  const discard = () => {
    if (unfinished) terminate(unfinished);
    void clearPendingUpload(eventId);
    setUnfinished(null);
    setWait(null);
    setOfferResume(false);
    setFailure(null);
    setStatuses(null);
  };

  return {
    failure,
    summary,
    statuses,
    sent,
    sending,
    /** While sending: why the bytes are not moving, if they are not. */
    trouble,
    unfinished,
    offerResume,
    /** While the upload waits for a busy server: how long still (ms), and whether it was found stored. */
    busyWait: wait ? { left: Math.max(0, wait.until - now), restored: wait.restored } : null,
    run: (upload: PendingUpload) => void run(upload),
    discard,
    /** A new selection replaces the last upload's summary. */
    clearSummary: () => setSummary(null),
    /** Files were picked: the upload's code is fetched now, while the phone is surely online. */
    prepare: () => void loadRunner().catch(() => {}),
  };
}
