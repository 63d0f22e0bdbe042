import { useCallback, useEffect, useRef, useState } from 'react';
import { AlertCircle, Check, Copy, Film, ImageIcon, X } from 'lucide-react';
import { formatBytes } from '../../../lib/format-date';
import type { FileStatus } from '../pending-upload';
import { submissionTexts } from '../texts';
import { mediaKindOf, perFileReason } from '../upload-rules';
import { pickerId } from './drop-zone';

/**
 * Draws a picture the <img> element could not show (HEIC outside Safari) when the browser's own
 * decoder can (createImageBitmap reads more formats in some browsers); otherwise reports failure.
 */
function BitmapPreview({ file, onFail }: { file: File; onFail: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    if (typeof createImageBitmap !== 'function') {
      onFail();
      return;
    }
    createImageBitmap(file, { resizeWidth: 240, resizeQuality: 'medium' })
      .then((bitmap) => {
        const target = canvas.current;
        if (!live || !target) return bitmap.close();
        target.width = bitmap.width;
        target.height = bitmap.height;
        target.getContext('2d')?.drawImage(bitmap, 0, 0);
        bitmap.close();
      })
      .catch(() => live && onFail());
    return () => {
      live = false;
    };
  }, [file, onFail]);
  return <canvas ref={canvas} aria-hidden className="h-full w-full object-cover" />;
}

const isHeic = (file: File) => /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  const [stage, setStage] = useState<'img' | 'bitmap' | 'none'>('img');
  const kind = mediaKindOf(file);
  useEffect(() => {
    // Local object URLs cost no network; revoked when the file leaves the list.
    const objectUrl = URL.createObjectURL(file);
    // The URL is an outside resource that must be revoked, so it is created here and not during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  const fail = useCallback(() => setStage('none'), []);
  if (!url || stage === 'none') {
    // Nothing the browser can draw (HEIC on most phones but iPhones): a neutral tile that names the file.
    const Icon = kind === 'video' ? Film : ImageIcon;
    return (
      <div
        className="flex h-full w-full flex-col items-center justify-center gap-1 bg-brand-50 p-2 text-center text-brand-800"
        data-testid="preview-fallback"
      >
        <Icon aria-hidden className="h-7 w-7 shrink-0" />
        <span className="line-clamp-2 text-[11px] leading-tight font-medium break-all">{file.name}</span>
      </div>
    );
  }
  if (kind === 'video') {
    // "#t=0.1" makes mobile browsers paint the first frame instead of a black box.
    return (
      <video
        src={`${url}#t=0.1`}
        muted
        playsInline
        preload="metadata"
        className="h-full w-full object-cover"
        // A video it cannot play (HEVC on most browsers but Safari, a file cut short) would stay an
        // empty grey square: the tile names it instead. Sound without a picture counts as that too.
        onError={fail}
        onLoadedMetadata={(event) => {
          if (event.currentTarget.videoWidth === 0) fail();
        }}
      />
    );
  }
  return (
    <>
      {stage === 'bitmap' ? (
        <BitmapPreview file={file} onFail={fail} />
      ) : (
        <img src={url} alt="" className="h-full w-full object-cover" onError={() => setStage('bitmap')} />
      )}
      {isHeic(file) ? (
        // iPhone photos: the name says which one it is (the fallback tile above names every file).
        <span className="absolute top-1 left-1 max-w-[calc(100%-3rem)] truncate rounded bg-black/65 px-1.5 py-0.5 text-[11px] text-white">
          {file.name}
        </span>
      ) : null}
    </>
  );
}

const t = submissionTexts;

/** The tile's corner: its size before the upload, then its progress, then how it ended. */
function Badge({ file, status, sent }: { file: File; status: FileStatus | null; sent: number | null }) {
  const base =
    'absolute inset-x-1 bottom-1 flex items-center gap-1 rounded px-1.5 py-0.5 text-[11px] font-medium';
  if (status?.state === 'accepted')
    return (
      <span className={`${base} bg-emerald-700 text-white`}>
        <Check aria-hidden className="h-3 w-3 shrink-0" />
        {t.accepted}
      </span>
    );
  if (status?.state === 'duplicate')
    return (
      <span className={`${base} bg-sky-800 text-white`}>
        <Copy aria-hidden className="h-3 w-3 shrink-0" />
        {t.duplicateBadge}
      </span>
    );
  if (status?.state === 'refused')
    return (
      <span className={`${base} bg-red-700 text-white`}>
        <AlertCircle aria-hidden className="h-3 w-3 shrink-0" />
        {t.refusedBadge}
      </span>
    );
  const done = status && sent !== null ? Math.round((sent / Math.max(1, file.size)) * 100) : null;
  return (
    <span className="absolute right-1 bottom-1 rounded bg-black/65 px-1.5 py-0.5 text-[11px] text-white">
      {done === null ? formatBytes(file.size) : `%${done}`}
    </span>
  );
}

/** Grid of chosen files with a remove button each and, while sending, each file's progress and outcome. */
export function SelectedFiles({
  files,
  sent,
  statuses,
  locked,
  onRemove,
}: {
  files: File[];
  sent: number[] | null;
  statuses: FileStatus[] | null;
  locked: boolean;
  onRemove: (index: number) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  // A removed tile takes its button with it: the keyboard goes on at the tile that took its place (or
  // the one before it), and to the picker when none is left, instead of falling to the page's top.
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAfterRemove.current;
    if (at === null) return;
    focusAfterRemove.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? document.getElementById(pickerId))?.focus();
  }, [files]);
  if (files.length === 0) return null;
  return (
    <ul ref={list} aria-label="Seçilen dosyalar" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {files.map((file, index) => {
        const status = statuses?.[index] ?? null;
        const bytes = sent?.[index] ?? null;
        const sending = status?.state === 'sending' || (status?.state === 'waiting' && (bytes ?? 0) > 0);
        const described = status?.state === 'refused' ? perFileReason(status.reason) : null;
        return (
          <li
            key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
            className="min-w-0"
            aria-label={`${file.name}, ${formatBytes(file.size)}${
              status?.state === 'accepted'
                ? `, ${t.accepted}`
                : status?.state === 'duplicate'
                  ? `, ${t.duplicate}`
                  : described
                    ? `, ${t.refusedBadge}: ${described}`
                    : ''
            }`}
            data-state={status?.state ?? 'selected'}
          >
            <div className="relative aspect-square overflow-hidden rounded-xl bg-stone-100">
              <Preview file={file} />
              {mediaKindOf(file) === 'video' && !status ? (
                <span className="absolute bottom-1 left-1 rounded bg-black/65 px-1.5 py-0.5 text-[11px] font-medium text-white">
                  {t.videoBadge}
                </span>
              ) : null}
              <Badge file={file} status={status} sent={bytes} />
              {sending ? (
                <div className="absolute inset-x-0 top-0 h-1.5 bg-black/20">
                  <div
                    className="h-full bg-brand-500 transition-[width]"
                    style={{ width: `${Math.round(((bytes ?? 0) / Math.max(1, file.size)) * 100)}%` }}
                  />
                </div>
              ) : null}
              {!locked ? (
                // 44 px to tap; the visible circle is smaller so it covers less of the picture. The focus
                // ring is the circle's (white, then the site's outline), not the square's: the tile's
                // rounded, clipped corner would cut a square's off.
                <button
                  type="button"
                  data-remove
                  onClick={() => {
                    focusAfterRemove.current = index;
                    onRemove(index);
                  }}
                  aria-label={`${file.name} dosyasını kaldır`}
                  className="group absolute top-0 right-0 flex h-11 w-11 cursor-pointer items-center justify-center focus-visible:outline-none"
                >
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-black/65 text-white group-hover:bg-black/80 group-focus-visible:ring-2 group-focus-visible:ring-white group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-brand-600">
                    <X aria-hidden className="h-4 w-4" />
                  </span>
                </button>
              ) : null}
            </div>
            {described ? (
              // Under the tile, not over the picture: the guest reads why as soon as the server says so,
              // mid-run or after a dropped connection, not only in the list shown once the run finishes.
              <p className="mt-1 text-xs leading-snug break-words text-red-800" data-testid="refused-reason">
                {described}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
