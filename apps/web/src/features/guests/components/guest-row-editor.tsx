import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Guest } from '@ani/contract/guests';
import { limits } from '@ani/contract/limits';
import { Check, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  applyStatus,
  countLocked,
  draftCount,
  editableStatuses,
  statusLabels,
  type EditDraft,
} from '../status';

/** Inline editing of status and count; the last three cells of the row. */
export function GuestRowEditor({
  guest,
  onCancel,
  onSave,
  compact = false,
}: {
  guest: Guest;
  /** Phone card layout: status, count and buttons on one line; the expected count is read, not shown. */
  compact?: boolean;
  onCancel: () => void;
  onSave: (guest: Guest, status: Guest['status'], guestCount: number) => Promise<void>;
}) {
  // The field starts with what the row shows, 0 included; only choosing a status clears it.
  const [draft, setDraft] = useState<EditDraft>({
    status: guest.status === 'ulaşılamayan' ? 'belirsiz' : guest.status,
    guestCount: String(guest.guestCount),
  });
  const [saving, setSaving] = useState(false);
  const checked = draftCount(draft);
  const count = 'count' in checked ? checked.count : null;
  const countError = 'error' in checked ? checked.error : null;
  const countErrorId = useId();
  const locked = countLocked(draft.status);

  // Set once the host saves or cancels; otherwise the editor closing (another row's edit opened,
  // the search hiding the row, another page) saves a changed, valid row rather than lose it.
  const settled = useRef(false);
  const [initial] = useState(draft);
  const leave = useRef<() => void>(undefined);
  useEffect(() => {
    leave.current = () => {
      const changed = draft.status !== initial.status || draft.guestCount !== initial.guestCount;
      if (!settled.current && changed && count !== null) void onSave(guest, draft.status, count);
    };
  });
  useEffect(() => () => leave.current?.(), []);

  const save = async () => {
    if (count === null || saving) return;
    settled.current = true;
    setSaving(true);
    try {
      await onSave(guest, draft.status, count);
    } finally {
      setSaving(false);
    }
  };
  const cancel = () => {
    settled.current = true;
    onCancel();
  };

  // Escape from any of the editor's controls leaves the row as it was (not while a save is on its
  // way); Enter in a field saves it, as "Kaydet" does.
  const keys = (e: KeyboardEvent) => {
    if (saving) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    } else if (e.key === 'Enter' && e.target instanceof HTMLElement && e.target.matches('select, input')) {
      e.preventDefault();
      void save();
    }
  };

  return (
    <>
      <span role="cell" className={compact ? 'flex-1' : undefined} onKeyDown={keys}>
        <select
          aria-label="Durum"
          // Opened from the row's edit button, which is gone now: the focus goes to the first field.
          autoFocus
          value={draft.status}
          onChange={(e) =>
            setDraft((d) => applyStatus(d, e.target.value as Guest['status'], guest.expectedGuestCount))
          }
          className="h-9 w-full rounded-md border border-stone-300 bg-white px-2 text-sm dark:border-stone-600 dark:bg-stone-950"
        >
          {editableStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </select>
      </span>
      <span role="cell" className="relative" onKeyDown={keys}>
        <input
          aria-label="Kişi sayısı"
          type="number"
          // A guest who comes is at least one person; the locked field holds no count at all.
          min={locked ? 0 : 1}
          max={limits.attendingCountMax}
          step={1}
          disabled={locked}
          value={draft.guestCount}
          aria-invalid={countError !== null}
          aria-describedby={countError ? countErrorId : undefined}
          onChange={(e) => setDraft((d) => ({ ...d, guestCount: e.target.value }))}
          className="h-9 w-16 rounded-md border border-stone-300 bg-white px-2 text-sm disabled:opacity-50 aria-invalid:border-red-600 dark:border-stone-600 dark:bg-stone-950"
        />
        {countError ? (
          // Floats under the field: the list's rows have a fixed height, and a line in the flow would
          // spill into the next row and squeeze the status select on a phone.
          <span
            id={countErrorId}
            role="alert"
            className="absolute top-full left-0 z-20 mt-1 w-max max-w-56 rounded-md bg-red-700 px-2 py-1 text-xs text-white shadow-lg"
          >
            {countError}
          </span>
        ) : null}
      </span>
      {/* A phone card has no room to show it while editing, but keeps the cell: without it a screen
          reader would name the buttons' cell after the column before them ("Beklenen"). */}
      <span role="cell" className={compact ? 'sr-only' : 'tabular-nums'}>
        {guest.expectedGuestCount}
      </span>
      <span role="cell" className="flex justify-end gap-1" onKeyDown={keys}>
        <Button size="sm" onClick={() => void save()} disabled={saving || count === null} aria-label="Kaydet">
          <Check aria-hidden className="h-4 w-4" /> Kaydet
        </Button>
        <Button size="icon" variant="ghost" onClick={cancel} disabled={saving} aria-label="İptal">
          <X aria-hidden className="h-4 w-4" />
        </Button>
      </span>
    </>
  );
}
