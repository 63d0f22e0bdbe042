import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Guest } from '@ani/contract/guests';
import { messages } from '@ani/contract/messages';
import { MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../lib/use-media-query';
import { displayPhone } from '../phone';
import { statusBadge } from '../status';
import { DeliveryState } from './delivery';
import { GuestRowEditor } from './guest-row-editor';
import { PhoneLink } from '../../../components/phone-link';

const rowHeight = 64;
// On a phone each guest is a small card (three lines) instead of a seven-column row.
const cardHeight = 124;
// One grid for header and rows; the table scrolls sideways on phones instead of squeezing columns.
const guestGrid =
  'grid grid-cols-[56px_minmax(140px,1.4fr)_150px_130px_90px_90px_150px] items-center gap-2 px-3';

export interface GuestTableProps {
  guests: Guest[];
  editingIndex: number | null;
  onEdit: (guest: Guest) => void;
  onCloseEdit: () => void;
  onSave: (guest: Guest, status: Guest['status'], guestCount: number) => Promise<void>;
  onChat: (guest: Guest) => void;
  onDelete: (guest: Guest) => void;
  /**
   * After a row was deleted: the keyboard goes on from the delete button of the row now at this
   * position (the next guest, or the last one), or from the table when it has no rows left.
   */
  focusRequest?: { position: number } | null;
}

/**
 * Only the rows in view are mounted (a window virtualizer), so 1,000 guests scroll like 20.
 * The scroll box is as tall as its rows, up to a height that follows the viewport (at least 20rem): a long
 * list scrolls inside it instead of pushing the page into a second scrollbar, a short one leaves no empty box.
 */
export function GuestTable({
  guests,
  editingIndex,
  onEdit,
  onCloseEdit,
  onSave,
  onChat,
  onDelete,
  focusRequest = null,
}: GuestTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const phone = useMediaQuery('(max-width: 639px)');
  const height = phone ? cardHeight : rowHeight;
  const virtualizer = useVirtualizer({
    count: guests.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan: 8,
    initialRect: { width: 1000, height: 600 },
  });
  useEffect(() => virtualizer.measure(), [height, virtualizer]);
  // Closing the editor (Escape, İptal, a save) removes the control that had the focus; the focus goes back
  // to that row's edit button instead of falling to the page. Opening another row's editor focuses that one.
  const lastEditing = useRef<number | null>(null);
  useEffect(() => {
    const closed = lastEditing.current;
    lastEditing.current = editingIndex;
    if (closed === null || closed === editingIndex) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    scrollRef.current
      ?.querySelector<HTMLElement>(`[data-testid="guest-row-${closed}"] [data-row-edit]`)
      ?.focus();
  }, [editingIndex]);

  const layout = useRef({ virtualizer, count: guests.length });
  useEffect(() => {
    layout.current = { virtualizer, count: guests.length };
  });
  // The row wanted may not be mounted yet (rows are windowed): scroll it in, then focus once it rendered.
  useEffect(() => {
    if (!focusRequest) return;
    const { virtualizer, count } = layout.current;
    const position = Math.min(focusRequest.position, count - 1);
    if (position < 0) {
      scrollRef.current?.focus();
      return;
    }
    virtualizer.scrollToIndex(position, { align: 'auto' });
    let frames = 0;
    let handle = 0;
    const focus = () => {
      const button = scrollRef.current?.querySelector<HTMLElement>(
        `[data-index="${position}"] [data-row-delete]`,
      );
      if (button) button.focus({ preventScroll: true });
      else if (frames++ < 10) handle = requestAnimationFrame(focus);
      else scrollRef.current?.focus();
    };
    focus();
    return () => cancelAnimationFrame(handle);
  }, [focusRequest]);

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label="Davetli listesi"
      aria-rowcount={guests.length + 1}
      data-testid="guest-table"
      // Focusable by script only: where the keyboard goes on when the deleted row had no neighbour to take.
      tabIndex={-1}
      className="max-h-[max(calc(100dvh-22rem),20rem)] overflow-auto rounded-xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
    >
      <div className={phone ? undefined : 'min-w-[880px]'}>
        <div
          role="row"
          className={
            phone
              ? 'sr-only'
              : cn(
                  guestGrid,
                  'sticky top-0 z-10 h-11 border-b border-stone-200 bg-stone-100 text-xs font-semibold text-stone-600 uppercase dark:border-stone-800 dark:bg-stone-800 dark:text-stone-300',
                )
          }
        >
          <span role="columnheader">Sıra</span>
          <span role="columnheader">Ad Soyad</span>
          <span role="columnheader">Telefon</span>
          <span role="columnheader">Durum</span>
          <span role="columnheader">Kişi</span>
          <span role="columnheader">Beklenen</span>
          <span role="columnheader" className="text-right">
            İşlemler
          </span>
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const guest = guests[item.index]!;
            const badge = statusBadge[guest.status];
            const editing = editingIndex === guest.index;
            const actions = (
              <span role="cell" className="flex justify-end gap-1">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`${guest.name} düzenle`}
                  data-row-edit
                  onClick={() => onEdit(guest)}
                >
                  <Pencil aria-hidden className="h-4 w-4" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`${guest.name} WhatsApp konuşması`}
                  onClick={() => onChat(guest)}
                >
                  <MessageCircle aria-hidden className="h-4 w-4 text-emerald-600" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={messages.guests.deleteRowLabel.replace('{isim}', guest.name)}
                  title={messages.guests.deleteConfirmAction}
                  data-row-delete
                  onClick={() => onDelete(guest)}
                >
                  <Trash2 aria-hidden className="h-4 w-4 text-red-600" />
                </Button>
              </span>
            );
            const status = (placement?: string) => (
              <span role="cell" className={cn('flex flex-col items-start gap-0.5', placement)}>
                <span
                  data-testid="status-badge"
                  className={cn('rounded-full px-2 py-0.5 text-[11px] font-semibold', badge.className)}
                >
                  {badge.text}
                </span>
                <DeliveryState status={guest.invitationStatus} />
              </span>
            );
            return (
              <div
                // Keyed by the guest, not the order number: after a delete the numbers shift, and a reused
                // row would keep the deleted guest's focused button alive under another guest's name.
                key={guest.phone}
                // Phone cards are measured, not assumed: a long name, a delivery note or the open editor
                // makes a card taller than the estimate, and a fixed height cut the last one off.
                ref={phone ? virtualizer.measureElement : undefined}
                data-index={item.index}
                role="row"
                aria-rowindex={item.index + 2}
                data-testid={`guest-row-${guest.index}`}
                className={cn(
                  phone
                    ? 'grid grid-cols-[auto_minmax(0,1fr)_auto] content-center items-center gap-x-2 gap-y-1 px-3 py-3'
                    : guestGrid,
                  'absolute inset-x-0 border-b border-stone-100 text-sm dark:border-stone-800',
                  editing && 'bg-brand-500/5',
                )}
                style={
                  phone
                    ? { minHeight: height, transform: `translateY(${item.start}px)` }
                    : { height, transform: `translateY(${item.start}px)` }
                }
              >
                {phone ? (
                  // The cells come in the hidden header's order (a screen reader names each by its column);
                  // the grid still draws the status badge on the name's line.
                  <>
                    <span role="cell" className="text-xs tabular-nums text-stone-500 dark:text-stone-400">
                      {guest.index}
                    </span>
                    {/* Wrapped, not cut: a phone has no hover to show a title, and the card is measured. */}
                    <span
                      role="cell"
                      className={cn('min-w-0 font-medium [overflow-wrap:anywhere]', editing && 'col-span-2')}
                    >
                      {guest.name}
                    </span>
                    <span
                      role="cell"
                      className="col-span-full text-xs tabular-nums text-stone-600 dark:text-stone-300"
                    >
                      {/* A line of its own on the card, 24 px high: the smallest tap target WCAG asks for. */}
                      <PhoneLink phone={guest.phone} className="inline-flex min-h-6 items-center">
                        {displayPhone(guest.phone)}
                      </PhoneLink>
                    </span>
                    {editing ? null : status('col-start-3 row-start-1')}
                    <span className="col-span-full flex items-center gap-2">
                      {editing ? (
                        <GuestRowEditor guest={guest} onCancel={onCloseEdit} onSave={onSave} compact />
                      ) : (
                        <>
                          <span role="cell" className="text-xs text-stone-600 dark:text-stone-400">
                            Kişi:{' '}
                            <strong data-testid="guest-count" className="text-stone-900 dark:text-white">
                              {guest.guestCount}
                            </strong>
                          </span>
                          <span role="cell" className="flex-1 text-xs text-stone-600 dark:text-stone-400">
                            <span aria-hidden>· </span>Beklenen: {guest.expectedGuestCount}
                          </span>
                          {actions}
                        </>
                      )}
                    </span>
                  </>
                ) : (
                  <>
                    <span role="cell" className="tabular-nums text-stone-500 dark:text-stone-400">
                      {guest.index}
                    </span>
                    <span role="cell" className="truncate font-medium" title={guest.name}>
                      {guest.name}
                    </span>
                    <span role="cell" className="tabular-nums text-stone-600 dark:text-stone-300">
                      <PhoneLink phone={guest.phone}>{displayPhone(guest.phone)}</PhoneLink>
                    </span>
                    {editing ? (
                      <GuestRowEditor guest={guest} onCancel={onCloseEdit} onSave={onSave} />
                    ) : (
                      <>
                        {status()}
                        <span role="cell" className="tabular-nums" data-testid="guest-count">
                          {guest.guestCount}
                        </span>
                        <span role="cell" className="tabular-nums">
                          {guest.expectedGuestCount}
                        </span>
                        {actions}
                      </>
                    )}
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
