import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckCircle2, Download } from 'lucide-react';
import { downloadLinkResponse } from '@ani/contract/media';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { zipFileName } from '@ani/contract/text';
import { apiRequest } from '../lib/api-client';
import { downloadViaBrowser, savePicker, startSimulatedProgress, streamToFile } from '../lib/album-download';
import { getToken } from '../lib/session';
import { albumToast } from '../lib/album-toast';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { Progress } from './ui/progress';

const m = messages.media;

/**
 * Thrown for a non-OK download answer, so the toast can carry the status, or the server's own words
 * where it gave them.
 */
class DownloadHttpError extends Error {
  readonly status: number;
  constructor(status: number, serverMessage?: string) {
    super(serverMessage ?? m.downloadHttpFailed.replace('{status}', String(status)));
    this.status = status;
  }
}

/**
 * The server's message for "too many downloads of this album right now" (429): it says to wait for
 * one to end, which a status code alone cannot. Read by hand, like the API client's error bodies.
 */
async function busyMessage(response: Response): Promise<string | undefined> {
  if (response.status !== 429) return undefined;
  try {
    const { message } = (await response.json()) as { message?: unknown };
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

interface DownloadState {
  open: boolean;
  percent: number;
  running: boolean;
  /**
   * The browser's download manager took over (phones): it shows the real progress from here, so the
   * dialog says where to look instead of claiming the album arrived.
   */
  handedOff: boolean;
  /** Items await approval: the owner first says whether they go into the archive. */
  choosing: boolean;
}

const idle: DownloadState = { open: false, percent: 0, running: false, handedOff: false, choosing: false };

/**
 * "Albümü İndir": where the browser can write a file as it arrives (Chromium desktop) the ZIP is
 * streamed to disk with real progress from Content-Length; elsewhere (phones) a short-lived signed link
 * goes to the browser's own download manager. Either way the archive never sits in memory.
 */
export function useAlbumDownload({
  eventId,
  title,
  photoCount,
  pendingCount = 0,
}: {
  eventId: string;
  title: string;
  photoCount: number;
  /** Items awaiting approval; when there are any, the dialog asks whether to include them (default: no). */
  pendingCount?: number;
}) {
  const [state, setState] = useState<DownloadState>(idle);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const setPercent = useCallback((percent: number) => setState((s) => ({ ...s, percent })), []);

  const run = useCallback(
    async (includePending: boolean) => {
      const fileName = zipFileName(title);
      const picker = savePicker();
      setState({ open: true, percent: 0, running: true, handedOff: false, choosing: false });
      let stopSimulation: (() => void) | null = null;
      try {
        if (picker) {
          // Asked first, while the click still counts as a user gesture.
          const handle = await picker({
            suggestedName: fileName,
            types: [{ description: 'ZIP', accept: { 'application/zip': ['.zip'] } }],
          });
          const file = await handle.createWritable();
          const query = includePending ? '?pending=1' : '';
          const response = await fetch(`/api/events/${encodeURIComponent(eventId)}/download${query}`, {
            headers: { Authorization: `Bearer ${getToken() ?? ''}` },
          });
          if (!response.ok || !response.body) {
            await file.abort().catch(() => undefined);
            throw new DownloadHttpError(response.status, await busyMessage(response));
          }
          await streamToFile(response, file, setPercent);
          setState({ open: true, percent: 100, running: false, handedOff: false, choosing: false });
        } else {
          stopSimulation = startSimulatedProgress(setPercent);
          const { url } = await apiRequest(`/events/${encodeURIComponent(eventId)}/download-link`, {
            method: 'POST',
            body: includePending ? { includePending } : undefined,
            schema: downloadLinkResponse,
            errorToast: false,
          });
          downloadViaBrowser(url, fileName);
          // Not "downloaded": the ZIP has only started arriving, in the browser's own list. The dialog
          // stays until closed, since it says where to follow the download.
          setState((s) => ({ ...s, running: false, handedOff: true }));
          return;
        }
        albumToast('success', m.downloaded);
        closeTimer.current = setTimeout(() => setState(idle), limits.downloadAutoCloseMs);
      } catch (error) {
        setState(idle);
        // Cancelling the save dialog is the user's choice, not an error.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Too many downloads at once is a wait, not a failure: said as a warning.
        if (error instanceof DownloadHttpError && error.status === 429)
          albumToast('warning', 'Uyarı', error.message);
        else
          albumToast(
            'destructive',
            'Hata',
            error instanceof DownloadHttpError ? error.message : m.downloadFailed,
          );
      } finally {
        stopSimulation?.();
      }
    },
    [eventId, title, setPercent],
  );

  const start = useCallback(async () => {
    if (!getToken()) {
      albumToast('warning', 'Uyarı', 'Bu işlem için giriş yapmalısınız');
      return;
    }
    if (photoCount === 0 && pendingCount === 0) {
      albumToast('warning', 'Uyarı', m.noPhotos);
      return;
    }
    if (pendingCount > 0) setState({ ...idle, open: true, choosing: true });
    else await run(false);
  }, [photoCount, pendingCount, run]);

  const close = useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setState(idle);
  }, []);

  return {
    start,
    running: state.running,
    dialog: (
      <AlbumDownloadDialog
        state={state}
        onClose={close}
        pendingCount={pendingCount}
        canLeaveOut={photoCount > 0}
        onChoose={(include) => void run(include)}
      />
    ),
  };
}

function AlbumDownloadDialog({
  state,
  onClose,
  pendingCount,
  canLeaveOut,
  onChoose,
}: {
  state: DownloadState;
  onClose: () => void;
  pendingCount: number;
  /** False when the album has only pending items: leaving them out would download nothing. */
  canLeaveOut: boolean;
  onChoose: (includePending: boolean) => void;
}) {
  if (state.choosing) {
    return (
      <Dialog open={state.open} onOpenChange={(open) => !open && onClose()}>
        <PendingChoice pendingCount={pendingCount} canLeaveOut={canLeaveOut} onChoose={onChoose} />
      </Dialog>
    );
  }
  const handedOff = state.handedOff;
  const done = !handedOff && state.percent >= 100;
  return (
    <Dialog
      open={state.open}
      onOpenChange={(open) => {
        // Closable only when finished or when nothing runs.
        if (!open && (done || !state.running)) onClose();
      }}
    >
      <DialogContent hideClose={!done && !handedOff} aria-describedby="album-download-text">
        <DialogHeader>
          {/* The title says what is true now: once the archive is handed over it no longer "downloads". */}
          <DialogTitle>{done ? 'Albüm İndirildi' : 'Albüm İndiriliyor'}</DialogTitle>
          <DialogDescription id="album-download-text">
            {handedOff
              ? m.downloadHandedOff
              : done
                ? 'Albüm bilgisayarınıza kaydedildi.'
                : 'Dosyalar hazırlanıyor ve sıkıştırılıyor, lütfen bekleyin…'}
          </DialogDescription>
        </DialogHeader>
        {/* Handed off, the page knows no percent: the browser's list shows it. */}
        {handedOff ? null : (
          <div className="space-y-3">
            <div className="flex items-center justify-between text-sm font-medium text-stone-700 dark:text-stone-200">
              <span className="inline-flex items-center gap-2">
                {done ? (
                  <CheckCircle2 aria-hidden className="h-4 w-4 text-emerald-600" />
                ) : (
                  <Download aria-hidden className="h-4 w-4" />
                )}
                {done ? 'İndirme tamamlandı!' : 'İndiriliyor'}
              </span>
              <span data-testid="download-percent">%{state.percent}</span>
            </div>
            <Progress value={state.percent} label="İndirme ilerlemesi" />
          </div>
        )}
        {done || handedOff ? (
          <Button className="mt-5 w-full max-sm:min-h-11" onClick={onClose}>
            Kapat
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PendingChoice({
  pendingCount,
  canLeaveOut,
  onChoose,
}: {
  pendingCount: number;
  canLeaveOut: boolean;
  onChoose: (includePending: boolean) => void;
}) {
  const [include, setInclude] = useState(!canLeaveOut);
  return (
    <DialogContent aria-describedby="album-download-choice">
      <DialogHeader>
        <DialogTitle>Albümü İndir</DialogTitle>
        <DialogDescription id="album-download-choice">
          {(canLeaveOut ? messages.approval.downloadChoice : messages.approval.downloadOnlyPending).replace(
            '{n}',
            String(pendingCount),
          )}
        </DialogDescription>
      </DialogHeader>
      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 text-sm dark:border-stone-700">
        <input
          type="checkbox"
          checked={include}
          disabled={!canLeaveOut}
          onChange={(e) => setInclude(e.target.checked)}
          className="mt-0.5 h-4 w-4 accent-brand-600"
        />
        <span className="text-stone-800 dark:text-stone-100">
          {messages.approval.includePending.replace('{n}', String(pendingCount))}
        </span>
      </label>
      <Button className="mt-5 w-full max-sm:min-h-11" onClick={() => onChoose(include)}>
        <Download aria-hidden className="h-4 w-4" />
        İndir
      </Button>
    </DialogContent>
  );
}
