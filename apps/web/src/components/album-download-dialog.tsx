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

/** Thrown for a non-OK download answer, so the toast can carry the status. */
class DownloadHttpError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(m.downloadHttpFailed.replace('{status}', String(status)));
    this.status = status;
  }
}

interface DownloadState {
  open: boolean;
  percent: number;
  running: boolean;
  /** The browser's download manager took over (phones): it shows the real progress from here. */
  handedOff: boolean;
}

const idle: DownloadState = { open: false, percent: 0, running: false, handedOff: false };

/**
 * "Albümü İndir": where the browser can write a file as it arrives (Chromium desktop) the ZIP is
 * streamed to disk with real progress from Content-Length; elsewhere (phones) a short-lived signed link
 * goes to the browser's own download manager. Either way the archive never sits in memory.
 */
export function useAlbumDownload({
  eventId,
  title,
  photoCount,
}: {
  eventId: string;
  title: string;
  photoCount: number;
}) {
  const [state, setState] = useState<DownloadState>(idle);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const setPercent = useCallback((percent: number) => setState((s) => ({ ...s, percent })), []);

  const start = useCallback(async () => {
    if (!getToken()) {
      albumToast('warning', 'Uyarı', 'Bu işlem için giriş yapmalısınız');
      return;
    }
    if (photoCount === 0) {
      albumToast('warning', 'Uyarı', m.noPhotos);
      return;
    }
    const fileName = zipFileName(title);
    const picker = savePicker();
    setState({ open: true, percent: 0, running: true, handedOff: false });
    let stopSimulation: (() => void) | null = null;
    try {
      if (picker) {
        // Asked first, while the click still counts as a user gesture.
        const handle = await picker({
          suggestedName: fileName,
          types: [{ description: 'ZIP', accept: { 'application/zip': ['.zip'] } }],
        });
        const file = await handle.createWritable();
        const response = await fetch(`/api/events/${encodeURIComponent(eventId)}/download`, {
          headers: { Authorization: `Bearer ${getToken() ?? ''}` },
        });
        if (!response.ok || !response.body) {
          await file.abort().catch(() => undefined);
          throw new DownloadHttpError(response.status);
        }
        await streamToFile(response, file, setPercent);
        setState({ open: true, percent: 100, running: false, handedOff: false });
      } else {
        stopSimulation = startSimulatedProgress(setPercent);
        const { url } = await apiRequest(`/events/${encodeURIComponent(eventId)}/download-link`, {
          method: 'POST',
          schema: downloadLinkResponse,
          errorToast: false,
        });
        downloadViaBrowser(url, fileName);
        setState({ open: true, percent: 100, running: false, handedOff: true });
      }
      albumToast('success', m.downloaded);
      closeTimer.current = setTimeout(() => setState(idle), limits.downloadAutoCloseMs);
    } catch (error) {
      setState(idle);
      // Cancelling the save dialog is the user's choice, not an error.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      albumToast(
        'destructive',
        'Hata',
        error instanceof DownloadHttpError ? error.message : m.downloadFailed,
      );
    } finally {
      stopSimulation?.();
    }
  }, [eventId, title, photoCount, setPercent]);

  const close = useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setState(idle);
  }, []);

  return { start, running: state.running, dialog: <AlbumDownloadDialog state={state} onClose={close} /> };
}

function AlbumDownloadDialog({ state, onClose }: { state: DownloadState; onClose: () => void }) {
  const done = state.percent >= 100;
  return (
    <Dialog
      open={state.open}
      onOpenChange={(open) => {
        // Closable only when finished or when nothing runs.
        if (!open && (done || !state.running)) onClose();
      }}
    >
      <DialogContent hideClose={!done} aria-describedby="album-download-text">
        <DialogHeader>
          {/* The title says what is true now: once the archive is handed over it no longer "downloads". */}
          <DialogTitle>{done ? 'Albüm İndirildi' : 'Albüm İndiriliyor'}</DialogTitle>
          <DialogDescription id="album-download-text">
            {done
              ? state.handedOff
                ? 'Albüm, tarayıcınızın indirilenler listesine kaydediliyor.'
                : 'Albüm bilgisayarınıza kaydedildi.'
              : 'Dosyalar hazırlanıyor ve sıkıştırılıyor, lütfen bekleyin…'}
          </DialogDescription>
        </DialogHeader>
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
        {done ? (
          <Button className="mt-5 w-full" onClick={onClose}>
            Kapat
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
