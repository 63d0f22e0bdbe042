import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { Event } from '@ani/contract/events';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { CoverChooser } from '../../../components/cover-chooser';
import { cn } from '../../../lib/cn';
import { formatLongDate } from '../../../lib/format-date';
import { fetchEvent, updateEvent } from '../api/events-api';
import { useDebouncedSave } from '../use-debounced-save';
import { queryKeys } from '../../../lib/queries';

type Banner = { tone: 'success' | 'error'; text: string } | null;

/** The autosaved groups; a save's outcome is shown under the one changed last. */
type Group = 'adding' | 'approval';

/**
 * A save's outcome right under the choices that caused it, like the cover's under its preview: at the
 * top of the card it was off-screen for the settings further down. The region is always there, so
 * screen readers announce each new outcome.
 */
function SaveStatus({ banner }: { banner: Banner }) {
  const Icon = banner?.tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    // Empty, it takes back the gap the group's spacing gave it, so the card does not move.
    <div role="status" aria-atomic="true" className="empty:-mt-2">
      {banner ? (
        <p
          className={cn(
            'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
            banner.tone === 'error'
              ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200'
              : 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-200',
          )}
        >
          <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {banner.text}
        </p>
      ) : null}
    </div>
  );
}

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
        checked
          ? 'border-brand-400 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/15'
          : 'border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      {/* Drawn by hand: the browser's own radio (with accent-color) painted a solid dot on unselected
          and disabled choices in the dark theme. An empty ring is unselected, a ring with a dot selected. */}
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        data-testid="choice-radio"
        className={cn(
          'mt-0.5 grid h-5 w-5 shrink-0 cursor-pointer appearance-none place-content-center rounded-full border-2 bg-transparent',
          'before:h-2.5 before:w-2.5 before:rounded-full before:bg-brand-600 before:content-[""] before:scale-0 checked:before:scale-100',
          'border-stone-400 checked:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed dark:border-stone-500 dark:before:bg-brand-300 dark:checked:border-brand-300',
        )}
      />
      <span className="grid gap-0.5">
        <span className="flex items-center gap-2 text-sm font-semibold text-stone-900 dark:text-stone-100">
          {label}
          {badge ? (
            <span className="rounded-full bg-gold-400/30 px-2 py-0.5 text-xs font-medium text-gold-600 dark:text-gold-400">
              {badge}
            </span>
          ) : null}
        </span>
        <span className="text-sm text-stone-600 dark:text-stone-400">{hint}</span>
      </span>
    </label>
  );
}

type Saved = Pick<Event, 'canAddPhotos' | 'autoApprovePhotos'>;

/** "Ayarlar": read-only title and date, privacy (only private for now), photo adding and approval, saved by itself. */
export function SettingsTab({ event }: { event: Event }) {
  const queryClient = useQueryClient();
  const [canAddPhotos, setCanAddPhotos] = useState(event.canAddPhotos);
  const [autoApprove, setAutoApprove] = useState(event.autoApprovePhotos);
  const [banner, setBanner] = useState<Banner>(null);
  // The group changed last: a save's outcome is shown there, where the host's eyes are.
  const changed = useRef<Group>('adding');
  const [bannerAt, setBannerAt] = useState<Group>('adding');
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (bannerTimer.current && clearTimeout(bannerTimer.current)), []);

  const show = (next: Banner, at: Group) => {
    setBanner(next);
    setBannerAt(at);
    if (bannerTimer.current) clearTimeout(bannerTimer.current);
    bannerTimer.current = setTimeout(() => setBanner(null), limits.albumToastDurationMs);
  };

  const save = useDebouncedSave<Saved>((value) => {
    // Taken as the save leaves: a change made while it is on its way is the next save's.
    const at = changed.current;
    updateEvent(event, { isGalleryPublic: false, ...value }).then(
      async () => {
        show({ tone: 'success', text: messages.events.updated }, at);
        // Saved, then the event is read again; a failed re-read is its own message, not "not saved".
        try {
          const fresh = await fetchEvent(event.id);
          queryClient.setQueryData<Event[]>(queryKeys.events, (list) =>
            list?.map((e) => (e.id === fresh.id ? fresh : e)),
          );
        } catch {
          show({ tone: 'error', text: messages.events.detailsFailed }, at);
        }
      },
      () => show({ tone: 'error', text: messages.events.updateFailed }, at),
    );
  });

  const change = (group: Group, patch: Partial<Saved>) => {
    // Applied on screen at once; the server hears about both settings after a second of quiet.
    changed.current = group;
    const next = { canAddPhotos, autoApprovePhotos: autoApprove, ...patch };
    setCanAddPhotos(next.canAddPhotos);
    setAutoApprove(next.autoApprovePhotos);
    save(next);
  };

  return (
    <div className="space-y-5">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-stone-50 p-3 dark:bg-stone-800">
          <dt className="text-xs font-medium text-stone-500 uppercase dark:text-stone-400">Etkinlik Adı</dt>
          <dd className="mt-1 font-medium text-stone-900 dark:text-stone-100">{event.title}</dd>
        </div>
        <div className="rounded-xl bg-stone-50 p-3 dark:bg-stone-800">
          <dt className="text-xs font-medium text-stone-500 uppercase dark:text-stone-400">
            Etkinlik Tarihi
          </dt>
          <dd className="mt-1 font-medium text-stone-900 dark:text-stone-100">
            {formatLongDate(event.eventDate)}
          </dd>
        </div>
      </dl>
      <CoverChooser event={event} />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-stone-800 dark:text-stone-200">
          Albüm Gizliliği
        </legend>
        <Choice
          name={`privacy-${event.id}`}
          value="public"
          checked={false}
          disabled
          label="Herkese Açık"
          badge="Yakında"
          hint="Bağlantıya sahip herkes albümü görüntüleyebilir."
          onChange={() => undefined}
        />
        <Choice
          name={`privacy-${event.id}`}
          value="private"
          checked
          label="Özel"
          hint="Albümü yalnızca ben görüntüleyebilirim."
          onChange={() => undefined}
        />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-stone-800 dark:text-stone-200">
          Fotoğraf Ekleme
        </legend>
        <Choice
          name={`adding-${event.id}`}
          value="on"
          checked={canAddPhotos}
          label="Açık"
          hint="Misafirler etkinlik süresince fotoğraf ekleyebilir."
          onChange={() => change('adding', { canAddPhotos: true })}
        />
        <Choice
          name={`adding-${event.id}`}
          value="off"
          checked={!canAddPhotos}
          label="Kapalı"
          hint="Yeni fotoğraf eklenemez; etkinlik tamamlanmış görünür."
          onChange={() => change('adding', { canAddPhotos: false })}
        />
        <SaveStatus banner={bannerAt === 'adding' ? banner : null} />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-semibold text-stone-800 dark:text-stone-200">
          {messages.approval.settingTitle}
        </legend>
        <Choice
          name={`approval-${event.id}`}
          value="auto"
          checked={autoApprove}
          label={messages.approval.auto}
          hint={messages.approval.autoHint}
          onChange={() => change('approval', { autoApprovePhotos: true })}
        />
        <Choice
          name={`approval-${event.id}`}
          value="manual"
          checked={!autoApprove}
          label={messages.approval.manual}
          hint={messages.approval.manualHint}
          onChange={() => change('approval', { autoApprovePhotos: false })}
        />
        <SaveStatus banner={bannerAt === 'approval' ? banner : null} />
      </fieldset>
    </div>
  );
}
