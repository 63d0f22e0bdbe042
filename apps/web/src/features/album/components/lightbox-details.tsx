import type { MediaItem } from '@ani/contract/media';
import { formatDateTime } from '../../../lib/format-date';
import { uploaderLabel } from '../album-rules';

/** Upload date, uploader, type and the guest's note. */
export function LightboxDetails({
  item,
  onDeleteUploader,
}: {
  item: MediaItem;
  onDeleteUploader?: (uploader: string) => void;
}) {
  const uploader = item.metadata.uploader?.trim();
  const rows: [string, string][] = [
    ['Yüklenme Tarihi', formatDateTime(item.metadata.uploadDate)],
    ['Yükleyen', uploaderLabel(item.metadata.uploader)],
    ['Tür', item.type === 'video' ? 'Video' : 'Fotoğraf'],
  ];
  return (
    <div className="space-y-4 text-sm" data-testid="lightbox-details">
      <h3 className="font-display text-lg font-semibold text-white">Detaylar</h3>
      <dl className="space-y-3">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs tracking-wide text-white/60 uppercase">{term}</dt>
            <dd className="mt-0.5 text-white">{value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs tracking-wide text-white/60 uppercase">Not</dt>
          <dd className="mt-0.5 whitespace-pre-wrap text-white">
            {item.metadata.note?.trim() || 'Not bırakılmamış.'}
          </dd>
        </div>
      </dl>
      {onDeleteUploader && uploader ? (
        <button
          type="button"
          onClick={() => onDeleteUploader(uploader)}
          className="min-h-11 w-full cursor-pointer rounded-lg border border-white/30 px-3 py-2 text-left text-xs text-white/90 hover:border-red-400 hover:bg-red-700/40 focus-visible:outline-2 focus-visible:outline-white"
        >
          “{uploaderLabel(uploader)}” adıyla yüklenenlerin tümünü sil
        </button>
      ) : null}
    </div>
  );
}
