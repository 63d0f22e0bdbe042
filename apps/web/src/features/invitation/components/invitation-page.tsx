import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { invitationText } from '@ani/contract/invitation';
import { messages } from '@ani/contract/messages';
import type { WeddingInfo } from '@ani/contract/weddings';
import { CheckCheck, ImageOff, Reply, WifiOff } from 'lucide-react';
import { InvitationImageButton } from '../../../components/invitation-image-button';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { weddingInfoQuery, whatsappStatusQuery } from '../../../lib/queries';

const wa = messages.whatsapp;

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
        <div className="rounded-2xl border border-stone-200 p-8 text-center dark:border-stone-800">
          <p className="font-medium">Henüz düğün bilgileriniz yok</p>
          <Button asChild className="mt-4">
            <Link to="/dashboard">Ana Sayfaya Git</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

function InvitationBody({ wedding }: { wedding: WeddingInfo }) {
  // Read before the approval too: a host who has not connected WhatsApp learns it here, not only in
  // the approval dialog.
  const progress = useQuery(whatsappStatusQuery(wedding.weddingId));
  const counts = progress.data?.counts;
  const notConnected =
    progress.data && !progress.data.connected ? (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg bg-amber-500/10 p-3 text-sm text-amber-800 dark:text-amber-200"
      >
        <WifiOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> {wa.notConnected}
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
              className="max-h-80 w-full rounded-md object-cover"
            />
          ) : (
            <div className="flex h-40 flex-col items-center justify-center gap-2 rounded-md bg-[#2a3942] text-sm text-stone-400">
              <ImageOff aria-hidden className="h-6 w-6" /> Davetiye görseli eklenmedi
            </div>
          )}
          <p className="px-2 pt-2 text-sm whitespace-pre-wrap">{invitationText(wedding, 'Ayşe Hanım')}</p>
          <p className="flex items-center justify-end gap-1 px-2 text-[11px] text-white/60">
            {wedding.weddingTime} <CheckCheck aria-hidden className="h-3.5 w-3.5 text-sky-300" />
          </p>
          <div className="mt-1 divide-y divide-white/10 border-t border-white/10">
            {[wa.buttonYes, wa.buttonNo, wa.buttonMaybe].map((b) => (
              <p key={b} className="flex items-center justify-center gap-2 py-2 text-sm text-sky-300">
                <Reply aria-hidden className="h-4 w-4" /> {b}
              </p>
            ))}
          </div>
        </div>
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
          <p className="text-sm text-stone-600 dark:text-stone-400">Gönderim durumu şu anda alınamıyor.</p>
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
