import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Event } from '@ani/contract/events';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { Alert } from '../../../components/ui/alert';
import { cn } from '../../../lib/cn';
import { formatLongDate } from '../../../lib/format-date';
import { updateEvent } from '../api/events-api';
import { useDebouncedSave } from '../use-debounced-save';
import { queryKeys } from '../../../lib/queries';

type Banner = { tone: 'success' | 'error'; text: string } | null;

function Choice({
  name,
  value,
  checked,
  disabled,
  label,
  hint,
  badge,
  onChange,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  label: string;
  hint: string;
  badge?: string;
  onChange: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors',
        checked ? 'border-brand-400 bg-brand-50' : 'border-stone-200 bg-white',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onChange} className="mt-1 accent-brand-700" />
      <span className="grid gap-0.5">
        <span className="flex items-center gap-2 text-sm font-semibold text-stone-900">
          {label}
          {badge ? <span className="rounded-full bg-gold-400/30 px-2 py-0.5 text-xs font-medium text-gold-600">{badge}</span> : null}
        </span>
        <span className="text-sm text-stone-600">{hint}</span>
      </span>
    </label>
  );
}

/** "Ayarlar": read-only title and date, privacy (only private for now) and photo adding, saved by itself. */
export function SettingsTab({ event }: { event: Event }) {
  const queryClient = useQueryClient();
  const [canAddPhotos, setCanAddPhotos] = useState(event.canAddPhotos);
  const [banner, setBanner] = useState<Banner>(null);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (bannerTimer.current && clearTimeout(bannerTimer.current)), []);

  const show = (next: Banner) => {
    setBanner(next);
    if (bannerTimer.current) clearTimeout(bannerTimer.current);
    bannerTimer.current = setTimeout(() => setBanner(null), limits.albumToastDurationMs);
  };

  const save = useDebouncedSave<boolean>((value) => {
    updateEvent(event, { isGalleryPublic: false, canAddPhotos: value })
      .then(() => {
        show({ tone: 'success', text: messages.events.updated });
        return queryClient.invalidateQueries({ queryKey: queryKeys.events });
      })
      .catch(() => show({ tone: 'error', text: messages.events.updateFailed }));
  });

  const change = (value: boolean) => {
    // Applied on screen at once; the server hears about it after a second of quiet.
    setCanAddPhotos(value);
    save(value);
  };

  return (
    <div className="space-y-5">
      {banner ? <Alert tone={banner.tone}>{banner.text}</Alert> : null}
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-xs font-medium text-stone-500 uppercase">Etkinlik Adı</dt>
          <dd className="mt-1 font-medium text-stone-900">{event.title}</dd>
        </div>
        <div className="rounded-xl bg-stone-50 p-3">
          <dt className="text-xs font-medium text-stone-500 uppercase">Etkinlik Tarihi</dt>
          <dd className="mt-1 font-medium text-stone-900">{formatLongDate(event.eventDate)}</dd>
        </div>
      </dl>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-stone-800">Albüm Gizliliği</legend>
        <Choice name={`privacy-${event.id}`} value="public" checked={false} disabled label="Herkese Açık" badge="Yakında" hint="Bağlantıya sahip herkes albümü görüntüleyebilir." onChange={() => undefined} />
        <Choice name={`privacy-${event.id}`} value="private" checked label="Özel" hint="Albümü yalnızca ben görüntüleyebilirim." onChange={() => undefined} />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-stone-800">Fotoğraf Ekleme</legend>
        <Choice name={`adding-${event.id}`} value="on" checked={canAddPhotos} label="Açık" hint="Misafirler etkinlik süresince fotoğraf ekleyebilir." onChange={() => change(true)} />
        <Choice name={`adding-${event.id}`} value="off" checked={!canAddPhotos} label="Kapalı" hint="Yeni fotoğraf eklenemez; etkinlik tamamlanmış görünür." onChange={() => change(false)} />
      </fieldset>
    </div>
  );
}
