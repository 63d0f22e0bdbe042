import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Guest } from '@ani/contract/guests';
import { MessageCircle, Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { displayPhone } from '../phone';
import { statusBadge } from '../status';
import { DeliveryState } from './delivery';
import { GuestRowEditor } from './guest-row-editor';

const rowHeight = 64;
// One grid for header and rows; the table scrolls sideways on phones instead of squeezing columns.
export const guestGrid = 'grid grid-cols-[56px_minmax(140px,1.4fr)_150px_130px_90px_90px_150px] items-center gap-2 px-3';

export interface GuestTableProps {
  guests: Guest[];
  editingIndex: number | null;
  onEdit: (guest: Guest) => void;
  onCloseEdit: () => void;
  onSave: (guest: Guest, status: Guest['status'], guestCount: number) => Promise<void>;
  onChat: (guest: Guest) => void;
}

/**
 * Only the rows in view are mounted (a window virtualizer), so 1,000 guests scroll like 20.
 * The scroll box's height follows the viewport (spec: "table height is tied to the viewport").
 */
export function GuestTable({ guests, editingIndex, onEdit, onCloseEdit, onSave, onChat }: GuestTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: guests.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 1000, height: 600 },
  });

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label="Davetli listesi"
      aria-rowcount={guests.length + 1}
      data-testid="guest-table"
      className="h-[calc(100dvh-22rem)] min-h-80 overflow-auto rounded-xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="min-w-[880px]">
        <div role="row" className={cn(guestGrid, 'sticky top-0 z-10 h-11 border-b border-stone-200 bg-stone-100 text-xs font-semibold text-stone-600 uppercase dark:border-stone-800 dark:bg-stone-800 dark:text-stone-300')}>
          <span role="columnheader">Sıra</span>
          <span role="columnheader">Ad Soyad</span>
          <span role="columnheader">Telefon</span>
          <span role="columnheader">Durum</span>
          <span role="columnheader">Kişi</span>
          <span role="columnheader">Beklenen</span>
          <span role="columnheader" className="text-right">İşlemler</span>
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const guest = guests[item.index]!;
            const badge = statusBadge[guest.status];
            const editing = editingIndex === guest.index;
            return (
              <div
                key={guest.index}
                role="row"
                aria-rowindex={item.index + 2}
                data-testid={`guest-row-${guest.index}`}
                className={cn(guestGrid, 'absolute inset-x-0 border-b border-stone-100 text-sm dark:border-stone-800', editing && 'bg-brand-500/5')}
                style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
              >
                <span role="cell" className="tabular-nums text-stone-500">{guest.index}</span>
                <span role="cell" className="truncate font-medium" title={guest.name}>{guest.name}</span>
                <span role="cell" className="tabular-nums text-stone-600 dark:text-stone-300">{displayPhone(guest.phone)}</span>
                {editing ? (
                  <GuestRowEditor guest={guest} onCancel={onCloseEdit} onSave={onSave} />
                ) : (
                  <>
                    <span role="cell" className="flex flex-col items-start gap-0.5">
                      <span data-testid="status-badge" className={cn('rounded-full px-2 py-0.5 text-[11px] font-semibold', badge.className)}>{badge.text}</span>
                      <DeliveryState status={guest.invitationStatus} />
                    </span>
                    <span role="cell" className="tabular-nums" data-testid="guest-count">{guest.guestCount}</span>
                    <span role="cell" className="tabular-nums">{guest.expectedGuestCount}</span>
                    <span role="cell" className="flex justify-end gap-1">
                      <Button size="icon" variant="ghost" aria-label={`${guest.name} düzenle`} onClick={() => onEdit(guest)}>
                        <Pencil aria-hidden className="h-4 w-4" />
                      </Button>
                      <Button size="icon" variant="ghost" aria-label={`${guest.name} WhatsApp konuşması`} onClick={() => onChat(guest)}>
                        <MessageCircle aria-hidden className="h-4 w-4 text-emerald-600" />
                      </Button>
                    </span>
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
