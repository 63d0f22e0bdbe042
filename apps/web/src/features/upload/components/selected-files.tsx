import { useEffect, useState } from 'react';
import { Film, ImageIcon, X } from 'lucide-react';
import { formatBytes } from '../../../lib/format-date';
import { mediaKindOf } from '../upload-rules';

function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const kind = mediaKindOf(file);
  useEffect(() => {
    // Local object URLs cost no network; revoked when the file leaves the list.
    const objectUrl = URL.createObjectURL(file);
    // The URL is an outside resource that must be revoked, so it is created here and not during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (!url || failed) {
    const Icon = kind === 'video' ? Film : ImageIcon;
    return (
      <div className="flex h-full w-full items-center justify-center bg-brand-50 text-brand-700">
        <Icon aria-hidden className="h-8 w-8" />
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
      />
    );
  }
  // HEIC does not render outside Safari; the icon stands in for it.
  return <img src={url} alt="" className="h-full w-full object-cover" onError={() => setFailed(true)} />;
}

/** Grid of chosen files with a remove button each and, while sending, each file's progress. */
export function SelectedFiles({
  files,
  sent,
  uploading,
  onRemove,
}: {
  files: File[];
  sent: number[] | null;
  uploading: boolean;
  onRemove: (index: number) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Seçilen dosyalar" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {files.map((file, index) => {
        const done = sent ? Math.round(((sent[index] ?? 0) / Math.max(1, file.size)) * 100) : null;
        return (
          <li
            key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
            className="relative aspect-square overflow-hidden rounded-xl bg-stone-100"
          >
            <Preview file={file} />
            {mediaKindOf(file) === 'video' ? (
              <span className="absolute bottom-1 left-1 rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-medium text-white">
                Video
              </span>
            ) : null}
            <span className="absolute right-1 bottom-1 rounded bg-black/60 px-1.5 py-0.5 text-[11px] text-white">
              {done === null ? formatBytes(file.size) : `%${done}`}
            </span>
            {done !== null ? (
              <div className="absolute inset-x-0 top-0 h-1 bg-black/20">
                <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${done}%` }} />
              </div>
            ) : null}
            {!uploading ? (
              <button
                type="button"
                onClick={() => onRemove(index)}
                aria-label={`${file.name} dosyasını kaldır`}
                className="absolute top-1 right-1 flex h-8 w-8 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
              >
                <X aria-hidden className="h-4 w-4" />
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
