import { useQuery } from '@tanstack/react-query';
import { invitationText } from '@ani/contract/invitation';
import { messages } from '@ani/contract/messages';
import type { WeddingInfo } from '@ani/contract/weddings';
import { ImageOff, Reply, WifiOff } from 'lucide-react';
import { InvitationImageButton } from '../../../components/invitation-image-button';
import { Spinner } from '../../../components/ui/spinner';
import { WeddingMissing } from '../../guests/components/page-states';
import { useSession } from '../../../lib/session';
import { weddingInfoQuery, whatsappStatusQuery } from '../../../lib/queries';

const wa = messages.whatsapp;

/** The name the preview greets: a full name, as each real invitation carries the guest's name on the list. */
const previewGuestName = 'Ayşe Yılmaz';

export function InvitationPage() {
  const { user } = useSession();
  const wedding = useQuery({ ...weddingInfoQuery(user?.username ?? ''), enabled: Boolean(user) });
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-display text-3xl font-semibold">Davetiye</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          Davetlilerinizin WhatsApp'ta göreceği davetiye ve gönderim durumu.
        </p>
      </div>
      {wedding.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : wedding.data ? (
        <InvitationBody wedding={wedding.data} />
      ) : (
        // Only a 404 means "no wedding yet"; a failed call is an error with a retry.
        <WeddingMissing error={wedding.error} />
      )}
    </div>
  );
}

function InvitationBody({ wedding }: { wedding: WeddingInfo }) {
  // Read before the approval too: a host who has not connected WhatsApp learns it here, not only in
  // the approval dialog.
  const progress = useQuery(whatsappStatusQuery(wedding.weddingId));
  const counts = progress.data?.counts;
  // "Waiting to be sent" only when something waits: before the approval nothing is queued yet.
  const notConnected =
    progress.data && !progress.data.connected ? (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg bg-amber-500/10 p-3 text-sm text-amber-800 dark:text-amber-200"
      >
        <WifiOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />{' '}
        {progress.data.counts.queued > 0 ? wa.notConnected : wa.notConnectedNothingQueued}
      </p>
    ) : null;
  const rows = [
    ['Bekliyor', counts?.queued],
    ['Gönderildi', counts?.sent],
    ['İletildi', counts?.delivered],
    ['Okundu', counts?.read],
    ['İletilemedi', counts?.failed],
  ] as const;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-label="WhatsApp önizlemesi" className="rounded-2xl bg-[#0b141a] p-4 sm:p-6">
        <p className="mb-3 text-center text-xs text-stone-400">Davetlinin göreceği mesaj</p>
        <div
          className="max-w-sm rounded-lg rounded-tl-none bg-[#202c33] p-1.5 text-white shadow"
          data-testid="invitation-preview"
        >
          {wedding.invitationImagePath ? (
            <img
              src={wedding.invitationImagePath}
              alt="Davetiye görseli"
              // Whole, as the guest sees it: a portrait card is not cut to the bubble's shape.
              className="max-h-[28rem] w-full rounded-md object-contain"
            />
          ) : (
            <div className="flex h-40 flex-col items-center justify-center gap-2 rounded-md bg-[#2a3942] text-sm text-stone-400">
              <ImageOff aria-hidden className="h-6 w-6" /> Davetiye görseli eklenmedi
            </div>
          )}
          <p className="px-2 pt-2 text-sm whitespace-pre-wrap">{invitationText(wedding, previewGuestName)}</p>
          {/* A preview, not a sent message: no send time and no read ticks. */}
          <p className="px-2 pt-1 text-right text-[11px] text-white/60">Önizleme</p>
          <div className="mt-1 divide-y divide-white/10 border-t border-white/10">
            {[wa.buttonYes, wa.buttonNo, wa.buttonMaybe].map((b) => (
              <p key={b} className="flex items-center justify-center gap-2 py-2 text-sm text-sky-300">
                <Reply aria-hidden className="h-4 w-4" /> {b}
              </p>
            ))}
          </div>
        </div>
        <p className="mt-3 text-center text-xs text-stone-400">
          Her davetliye, listedeki adı ve soyadıyla gönderilir.
        </p>
        <div className="mt-4">
          <InvitationImageButton attached={wedding.invitationImagePath !== null} changeable />
        </div>
      </section>
      <section
        aria-labelledby="progress-title"
        className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
      >
        <h2 id="progress-title" className="font-display text-xl font-semibold">
          Gönderim Durumu
        </h2>
        {!wedding.guestListApproved ? (
          <>
            <p className="text-sm text-stone-600 dark:text-stone-400">
              Davetiyeler, davetli listesini onayladığınızda gönderilmeye başlar.
            </p>
            {notConnected}
          </>
        ) : progress.isError ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{wa.statusUnavailable}</p>
        ) : (
          <>
            {notConnected}
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5 lg:grid-cols-3 2xl:grid-cols-5">
              {rows.map(([label, value]) => (
                <div key={label} className="rounded-xl bg-stone-100 p-3 text-center dark:bg-stone-800">
                  <dt className="text-xs text-stone-600 dark:text-stone-400">{label}</dt>
                  <dd className="mt-1 text-2xl font-semibold tabular-nums">{value ?? '–'}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>
    </div>
  );
}
