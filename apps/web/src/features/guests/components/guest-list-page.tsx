import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Guest, GuestListResponse } from '@ani/contract/guests';
import { messages } from '@ani/contract/messages';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { GuestSearch } from './guest-search';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { downloadGuestCsv, guestKeys, guestListQuery, statisticsQuery, updateGuest } from '../api/guests-api';
import { useWedding } from '../api/use-wedding';
import { displayPhone } from '../phone';
import { matchesGuest } from '../status';
import { WhatsappNotice } from './delivery';
import { GuestTable } from './guest-table';
import { ErrorState, Loading, PageTitle, WeddingMissing } from './page-states';
import { StatCards } from './stat-cards';

export interface ChatTarget {
  weddingId: string;
  name: string;
  phone: string;
  phoneLabel: string;
}

/** The chat dialog lives in its own feature; the app passes it in (features do not import each other). */
export function GuestListPage({
  renderChat,
}: {
  renderChat: (target: ChatTarget, onClose: () => void) => ReactNode;
}) {
  const wedding = useWedding();
  if (wedding.isPending)
    return (
      <Shell>
        <Loading />
      </Shell>
    );
  if (!wedding.data)
    return (
      <Shell>
        <WeddingMissing error={wedding.error} />
      </Shell>
    );
  return (
    <Shell>
      <GuestListBody
        weddingId={wedding.data.weddingId}
        approved={wedding.data.guestListApproved}
        renderChat={renderChat}
      />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl space-y-5 px-4 py-8 sm:px-6">{children}</div>;
}

const repliesPollMs = 15_000;

function GuestListBody({
  weddingId,
  approved,
  renderChat,
}: {
  weddingId: string;
  approved: boolean;
  renderChat: (t: ChatTarget, onClose: () => void) => ReactNode;
}) {
  const queryClient = useQueryClient();
  // Once the list is approved the invitations are out and guests answer on WhatsApp: their answers
  // change rows and cards while the couple looks at them, so both are asked again at a slow pace.
  const refetchInterval = approved ? repliesPollMs : false;
  const list = useQuery({ ...guestListQuery(weddingId), refetchInterval });
  const stats = useQuery({ ...statisticsQuery(weddingId), refetchInterval });
  // Statistics are a nicety: a failure is logged for developers, the cards just show "–".
  useEffect(() => {
    if (stats.isError) console.error(messages.guests.statsFailed, stats.error);
  }, [stats.isError, stats.error]);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [chat, setChat] = useState<Guest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const guests = list.data?.guestList;
  const filtered = useMemo(() => (guests ?? []).filter((g) => matchesGuest(g, search)), [guests, search]);

  const save = async (guest: Guest, status: Guest['status'], guestCount: number) => {
    try {
      const updated = await updateGuest(guest.index, {
        weddingId,
        name: guest.name,
        phone: guest.phone,
        guestCount,
        status,
      });
      // The row updates in place, the cards follow from the server, and edit mode closes.
      queryClient.setQueryData<GuestListResponse>(guestKeys.list(weddingId), (old) =>
        // An edit never touches the invitation; the row keeps its delivery note ("Gönderilmeyi bekliyor").
        old
          ? {
              ...old,
              guestList: old.guestList.map((g) =>
                g.index === updated.index
                  ? { ...updated, invitationStatus: updated.invitationStatus ?? g.invitationStatus }
                  : g,
              ),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: guestKeys.stats(weddingId) });
      // A row saved because the host opened another one leaves that other one open.
      setEditing((open) => (open === guest.index ? null : open));
    } catch (error) {
      setFailure(error instanceof ApiError && error.message ? error.message : 'Misafir güncellenemedi');
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadGuestCsv(weddingId);
    } catch {
      toast({ title: 'Hata', description: 'Misafir listesi alınamadı', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  if (failure) return <ErrorState message={failure} />;
  if (list.isError) return <ErrorState message={list.error.message || 'Misafir listesi alınamadı'} />;

  return (
    <>
      <PageTitle
        title="Davetli Listesi"
        subtitle={guests ? `${guests.length} davetli` : undefined}
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || !guests?.length}>
            <Download aria-hidden className="h-4 w-4" /> Excel (CSV) İndir
          </Button>
        }
      />
      <StatCards stats={stats.data} />
      <WhatsappNotice weddingId={weddingId} approved={approved} />
      <GuestSearch
        label="İsim veya telefon ile ara"
        value={search}
        onChange={setSearch}
        className="max-w-md"
      />
      {list.isPending ? (
        <Loading />
      ) : filtered.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center text-stone-500 dark:text-stone-400 dark:border-stone-700">
          {guests?.length ? 'Aramanızla eşleşen davetli yok.' : 'Henüz davetli eklenmedi.'}
        </p>
      ) : (
        <GuestTable
          guests={filtered}
          editingIndex={editing}
          onEdit={(g) => setEditing(g.index)}
          onCloseEdit={() => setEditing(null)}
          onSave={save}
          onChat={setChat}
        />
      )}
      {chat
        ? renderChat(
            { weddingId, name: chat.name, phone: chat.phone, phoneLabel: displayPhone(chat.phone) },
            () => {
              setChat(null);
              // The conversation may have brought the guest's answer: the row and the cards show it now.
              void queryClient.invalidateQueries({ queryKey: guestKeys.list(weddingId) });
            },
          )
        : null}
    </>
  );
}
