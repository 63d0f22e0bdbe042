import { memo, useCallback, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { addGuestInput } from '@ani/contract/guests';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { Trash2, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { displayPhone, formatPhoneInput, isValidTurkishMobile } from '../phone';
import { useRowAutosave } from '../use-row-autosave';

export interface EntryRow {
  key: string;
  name: string;
  phone: string;
  count: string;
  state: 'editing' | 'saving' | 'saved';
  /** The server's last refusal of this row: for this content (not sent again by itself), and why. */
  refused?: RowRefusal;
}

interface RowRefusal {
  /** The row's `rowSignature` when it was refused. */
  as: string;
  message: string;
  /** A failure worth the same content again (no answer, a server error); not a verdict like a duplicate. */
  retry: boolean;
}

/** What the row would send; an edit changes it, and a changed row is worth another try. */
export function rowSignature(row: Pick<EntryRow, 'name' | 'phone' | 'count'>): string {
  return `${row.name}|${row.phone}|${row.count}`;
}

export function rowCount(row: Pick<EntryRow, 'count'>): number | null {
  const n = Number(row.count);
  return row.count.trim() !== '' &&
    Number.isInteger(n) &&
    n > limits.guestCountMin &&
    n <= limits.guestCountMax
    ? n
    : null;
}

/** Complete enough to save: a name, a mobile number and a count the server takes. */
export function rowValid(row: EntryRow): boolean {
  return row.name.trim() !== '' && isValidTurkishMobile(row.phone) && rowCount(row) !== null;
}

/**
 * What the host can do about a refused row, after the reason. A reason that already asks to try again
 * ("Lütfen tekrar deneyin") is not followed by the same advice a second time.
 */
function refusalHint(refused: RowRefusal): string {
  if (!refused.retry) return ' Düzelttiğinizde yeniden kaydedilir.';
  return /tekrar deneyin/i.test(refused.message) ? '' : ' Tekrar deneyebilirsiniz.';
}

const cell =
  'h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm dark:border-stone-600 dark:bg-stone-950';

export interface GuestEntryRowProps {
  row: EntryRow;
  position: number;
  isLast: boolean;
  onChange: (key: string, patch: Partial<EntryRow>) => void;
  onSave: (row: EntryRow) => void;
  onRemove: (row: EntryRow) => void;
  onTabOut: () => void;
  onPasteList: (key: string, text: string) => boolean;
}

/**
 * One row of the entry list. Memoized: typing in a row re-renders that row only, as long as the page
 * hands every row the same callbacks and leaves unchanged rows' objects as they were; a list of
 * hundreds of guests otherwise re-renders all of them on each key.
 */
export const GuestEntryRow = memo(function GuestEntryRow({
  row,
  position,
  isLast,
  onChange,
  onSave,
  onRemove,
  onTabOut,
  onPasteList,
}: GuestEntryRowProps) {
  const [confirming, setConfirming] = useState(false);
  // The delete question takes the focus on its harmless answer ("Hayır"), so a second Enter does not
  // delete; cancelling (Hayır or Escape) gives it back to the delete button.
  const backToTrash = useRef(false);
  const cancelDelete = () => {
    backToTrash.current = true;
    setConfirming(false);
  };
  // Stable, so they run when their button appears, not on every render of the list.
  const focusOnMount = useCallback((button: HTMLButtonElement | null) => button?.focus(), []);
  const trashRef = useCallback((button: HTMLButtonElement | null) => {
    if (button && backToTrash.current) {
      backToTrash.current = false;
      button.focus();
    }
  }, []);
  const valid = rowValid(row);
  const signature = rowSignature(row);
  // A refused row waits for an edit or the host's "Tekrar Dene": resending the same content every two
  // seconds would only stack the same error.
  const refused = row.state === 'editing' && row.refused?.as === signature ? row.refused : null;
  // Focus anywhere in the row's fields: the autosave waits for the host to leave the row.
  const [focused, setFocused] = useState(false);
  const waitsForLeave = useRowAutosave(
    { valid, active: row.state === 'editing' && !refused, signature, focused },
    () => onSave(row),
  );
  const phoneBad = row.phone !== '' && !isValidTurkishMobile(row.phone);
  // A count the server would refuse says so, instead of leaving the row silently unsaved.
  const countBad = row.count.trim() !== '' && rowCount(row) === null;
  // The server's own words for it (0, too many, a fraction), from the schema it checks the row with.
  const countCheck = countBad ? addGuestInput.shape.expectedGuestCount.safeParse(row.count) : null;
  const countError = countCheck?.error?.issues[0]?.message ?? messages.guests.expectedCountPositive;

  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    if (onPasteList(row.key, e.clipboardData.getData('text'))) e.preventDefault();
  };
  // Tab from the last row's count adds a row, so a host can type a whole list without the mouse; from an
  // empty last row it goes on to the buttons below ("Satır Ekle", "Listeyi Tamamla").
  const tabOut = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Tab' && !e.shiftKey && isLast && (row.name.trim() || row.phone.trim())) {
      e.preventDefault();
      onTabOut();
    }
  };

  if (row.state === 'saved') {
    return (
      <div
        data-testid="entry-row"
        data-state="saved"
        className="grid grid-cols-[2rem_1fr_auto] items-center gap-2 rounded-lg bg-emerald-500/5 px-2 py-2 sm:grid-cols-[2rem_1.4fr_1fr_5rem_9rem]"
      >
        <span className="text-xs text-stone-500 dark:text-stone-400 tabular-nums">{position}</span>
        {/* Cut only in the wide grid, where the title shows it on hover; a phone row wraps the full name. */}
        <span className="min-w-0 font-medium [overflow-wrap:anywhere] sm:truncate" title={row.name}>
          {row.name}
        </span>
        <span className="col-start-2 text-sm text-stone-600 tabular-nums sm:col-start-auto dark:text-stone-300">
          {displayPhone(row.phone)}
        </span>
        <span className="col-start-2 text-sm sm:col-start-auto">{row.count} kişi</span>
        <span className="col-start-3 row-start-1 flex items-center justify-end gap-1 sm:col-start-auto sm:row-start-auto">
          {confirming ? (
            <>
              <span className="text-xs" id={`${row.key}-confirm`}>
                Emin misiniz?
              </span>
              <span
                role="group"
                aria-labelledby={`${row.key}-confirm`}
                className="contents"
                onKeyDown={(e) => {
                  if (e.key === 'Escape') cancelDelete();
                }}
              >
                <Button size="sm" variant="destructive" onClick={() => onRemove(row)}>
                  Evet
                </Button>
                <Button size="sm" variant="ghost" ref={focusOnMount} onClick={cancelDelete}>
                  Hayır
                </Button>
              </span>
            </>
          ) : (
            <>
              <span className="text-xs text-emerald-600 dark:text-emerald-400">✓ Kaydedildi</span>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`${row.name} sil`}
                ref={trashRef}
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden className="h-4 w-4 text-red-500" />
              </Button>
            </>
          )}
        </span>
      </div>
    );
  }

  const saving = row.state === 'saving';
  return (
    <div
      data-testid="entry-row"
      data-state={row.state}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      className="grid grid-cols-[2rem_1fr_1fr] items-start gap-2 px-2 py-2 sm:grid-cols-[2rem_1.4fr_1fr_5rem_9rem]"
    >
      <span className="pt-2.5 text-xs text-stone-500 dark:text-stone-400 tabular-nums">{position}</span>
      <input
        aria-label={`${position}. davetli adı`}
        placeholder="Ad Soyad *"
        className={cell}
        value={row.name}
        disabled={saving}
        onChange={(e) => onChange(row.key, { name: e.target.value })}
        onPaste={paste}
      />
      <div>
        <input
          aria-label={`${position}. davetli telefonu`}
          placeholder="Telefon *"
          inputMode="tel"
          className={cn(cell, phoneBad && 'border-red-600')}
          aria-invalid={phoneBad}
          aria-describedby={phoneBad ? `${row.key}-phone-error` : undefined}
          value={row.phone}
          disabled={saving}
          onChange={(e) => onChange(row.key, { phone: formatPhoneInput(e.target.value) })}
          onPaste={paste}
        />
        {phoneBad ? (
          <p id={`${row.key}-phone-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
            Geçersiz telefon numarası formatı
          </p>
        ) : null}
      </div>
      <div className="col-start-2 sm:col-start-auto">
        {/* On a phone the column headers are hidden and the field shows only "1": it says what it counts.
            The field's name stays the longer one, which includes this word. */}
        <label className="flex items-center gap-2">
          <span aria-hidden className="shrink-0 text-xs text-stone-600 sm:hidden dark:text-stone-300">
            {messages.guests.entryCountLabel}
          </span>
          <input
            aria-label={`${position}. davetli kişi sayısı`}
            type="number"
            min={limits.guestCountMin}
            max={limits.guestCountMax}
            className={cn(cell, countBad && 'border-red-600')}
            aria-invalid={countBad}
            aria-describedby={countBad ? `${row.key}-count-error` : undefined}
            value={row.count}
            disabled={saving}
            onChange={(e) => onChange(row.key, { count: e.target.value })}
            onKeyDown={tabOut}
          />
        </label>
        {countBad ? (
          <p id={`${row.key}-count-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
            {countError}
          </p>
        ) : null}
      </div>
      <span className="flex h-10 items-center justify-end gap-1 text-xs text-stone-500 dark:text-stone-400">
        {refused?.retry ? (
          <Button size="sm" variant="outline" onClick={() => onSave(row)}>
            Tekrar Dene
          </Button>
        ) : refused ? (
          <span className="text-red-600 dark:text-red-400">Kaydedilmedi</span>
        ) : saving ? (
          'Kaydediliyor...'
        ) : waitsForLeave ? (
          'Satırdan çıkınca kaydedilecek'
        ) : valid ? (
          'Kaydedilecek...'
        ) : null}
        <Button
          size="icon"
          variant="ghost"
          tabIndex={-1}
          aria-label="Satırı kaldır"
          disabled={saving}
          onClick={() => onRemove(row)}
        >
          <X aria-hidden className="h-4 w-4" />
        </Button>
      </span>
      {refused ? (
        // The server's own reason on the row (a duplicate number, a locked list), not only in a toast
        // that goes: the host sees what to fix.
        <p role="alert" className="col-span-full text-xs text-red-600 sm:col-start-2 dark:text-red-400">
          {refused.message}
          {refusalHint(refused)}
        </p>
      ) : null}
    </div>
  );
});
