import { useQuery } from '@tanstack/react-query';
import type { InvitationStatus } from '@ani/contract/guests';
import { messages } from '@ani/contract/messages';
import { Check, CheckCheck, Clock, TriangleAlert, WifiOff } from 'lucide-react';
import { whatsappStatusQuery } from '../../../lib/queries';

const labels = messages.guests.invitationLabels;

export function DeliveryState({ status }: { status: InvitationStatus | null }) {
  if (!status) return null;
  const icon = {
    queued: <Clock aria-hidden className="h-3.5 w-3.5" />,
    sent: <Check aria-hidden className="h-3.5 w-3.5" />,
    delivered: <CheckCheck aria-hidden className="h-3.5 w-3.5" />,
    read: <CheckCheck aria-hidden className="h-3.5 w-3.5 text-sky-500" />,
    failed: <TriangleAlert aria-hidden className="h-3.5 w-3.5 text-red-500" />,
  }[status];
  return (
    <span
      data-testid="delivery-state"
      className="inline-flex items-center gap-1 text-xs text-stone-500 dark:text-stone-400"
    >
      {icon} {labels[status]}
    </span>
  );
}

/** After approval, the host must know when invitations are only waiting because WhatsApp is not connected. */
export function WhatsappNotice({ weddingId, approved }: { weddingId: string; approved: boolean }) {
  const status = useQuery({ ...whatsappStatusQuery(weddingId), enabled: approved });
  if (!approved) return null;
  // Until the counts arrive (right after the approval they are being asked again) the line says so,
  // rather than a row of zeros that reads as "nothing was sent".
  if (status.isPending)
    return (
      <div
        role="status"
        data-testid="whatsapp-notice"
        aria-busy
        className="rounded-xl border border-stone-200 p-4 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-300"
      >
        {messages.guests.invitationCountsLoading}
      </div>
    );
  // A failed status call is said, as the Davetiye page says it: a notice that silently vanished would
  // read as "nothing to report".
  if (!status.data)
    return (
      <div
        role="status"
        data-testid="whatsapp-notice"
        className="rounded-xl border border-stone-200 p-4 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-300"
      >
        {messages.whatsapp.statusUnavailable}
      </div>
    );
  const { connected, counts } = status.data;
  return (
    <div
      role="status"
      data-testid="whatsapp-notice"
      className={
        connected
          ? 'rounded-xl border border-emerald-500/30 bg-emerald-500/5 p-4 text-sm'
          : 'rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm'
      }
    >
      {connected ? null : (
        <p className="flex items-start gap-2 font-medium text-amber-800 dark:text-amber-200">
          <WifiOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {messages.whatsapp.notConnected} Bağlantı kurulduğunda otomatik olarak gönderilecekler.
        </p>
      )}
      <p
        className={
          connected ? 'text-stone-700 dark:text-stone-300' : 'mt-2 text-stone-700 dark:text-stone-300'
        }
      >
        Davetiyeler: {counts.queued} bekliyor · {counts.sent} gönderildi · {counts.delivered} iletildi ·{' '}
        {counts.read} okundu · {counts.failed} iletilemedi
      </p>
    </div>
  );
}
