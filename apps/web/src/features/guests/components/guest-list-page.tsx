import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Guest, GuestListResponse } from '@ani/contract/guests';
import { messages } from '@ani/contract/messages';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { GuestSearch } from './guest-search';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  deleteGuest,
  downloadGuestCsv,
  guestKeys,
  guestListQuery,
  statisticsQuery,
  updateGuest,
} from '../api/guests-api';
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
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState<Guest | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ position: number } | null>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);

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
      // The list and the open editor stay with the host's change in it, so "Kaydet" can simply be
      // pressed again; a page-wide error here would throw the whole list and the edit away.
      toast({
        title: 'Hata',
        description:
          error instanceof ApiError && error.message ? error.message : messages.guests.updateFailed,
        variant: 'destructive',
      });
    }
  };

  // Allowed after approval too: a guest who asks to be erased is removed with their WhatsApp conversation.
  const confirmDelete = async () => {
    const guest = deleting;
    if (!guest) return;
    const position = filtered.findIndex((g) => g.phone === guest.phone);
    setDeleteBusy(true);
    try {
      const r = await deleteGuest({ weddingId, name: guest.name, phone: guest.phone });
      // The server closed the gap in the order numbers; the rows after it move up here the same way.
      queryClient.setQueryData<GuestListResponse>(guestKeys.list(weddingId), (old) =>
        old
          ? {
              ...old,
              guestList: old.guestList
                .filter((g) => g.phone !== guest.phone)
                .map((g) => (g.index > guest.index ? { ...g, index: g.index - 1 } : g)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: guestKeys.list(weddingId) });
      setEditing(null);
      setDeleting(null);
      if (filtered.length > 1) setFocusRequest({ position: Math.max(position, 0) });
      else requestAnimationFrame(() => emptyRef.current?.focus());
      toast({ title: 'Başarılı', description: r.message || messages.guests.deleted, variant: 'success' });
    } catch (error) {
      // The row stays; the dialog closes and gives the focus back to the row's delete button.
      setDeleting(null);
      toast({
        title: 'Hata',
        description:
          error instanceof ApiError && error.message ? error.message : messages.guests.deleteFailed,
        variant: 'destructive',
      });
    } finally {
      setDeleteBusy(false);
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
        <p
          ref={emptyRef}
          tabIndex={-1}
          className="rounded-xl border border-dashed border-stone-300 p-8 text-center text-stone-500 dark:text-stone-400 dark:border-stone-700"
        >
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
          onDelete={setDeleting}
          focusRequest={focusRequest}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={messages.guests.deleteConfirmTitle}
        description={
          deleting
            ? messages.guests.deleteConfirm
                .replace('{isim}', deleting.name)
                .replace('{telefon}', displayPhone(deleting.phone))
            : ''
        }
        confirmLabel={messages.guests.deleteConfirmAction}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onOpenChange={(next) => !next && !deleteBusy && setDeleting(null)}
      />
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
