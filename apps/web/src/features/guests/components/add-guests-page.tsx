import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '@ani/contract/messages';
import type { WeddingInfo } from '@ani/contract/weddings';
import { CheckCircle2, ListChecks, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { GuestSearch } from './guest-search';
import { InvitationImageButton } from '../../../components/invitation-image-button';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { addGuest, deleteGuest, guestKeys, guestListQuery } from '../api/guests-api';
import { useWedding } from '../api/use-wedding';
import { looksLikeList, parseGuestLines } from '../paste-lines';
import { matchesGuest } from '../status';
import { ApprovalDialog } from './approval-dialog';
import { WhatsappNotice } from './delivery';
import { GuestEntryRow, rowCount, rowSignature, rowValid, type EntryRow } from './guest-entry-row';
import { ErrorState, Loading, PageTitle, WeddingMissing } from './page-states';

/** The focus target after a delete that leaves no shown row: the search field, not a row's key. */
const searchFocus = 'search';

let keySeq = 0;
const newRow = (patch: Partial<EntryRow> = {}): EntryRow => ({
  key: `r${++keySeq}`,
  name: '',
  phone: '',
  count: '1',
  state: 'editing',
  ...patch,
});

export function AddGuestsPage() {
  const wedding = useWedding();
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-8 sm:px-6">
      {wedding.isPending ? (
        <Loading />
      ) : wedding.data ? (
        <AddGuestsBody wedding={wedding.data} />
      ) : (
        <WeddingMissing error={wedding.error} />
      )}
    </div>
  );
}

function AddGuestsBody({ wedding }: { wedding: WeddingInfo }) {
  const queryClient = useQueryClient();
  const { weddingId } = wedding;
  const list = useQuery(guestListQuery(weddingId));
  const [rows, setRows] = useState<EntryRow[] | null>(null);
  const [search, setSearch] = useState('');
  const [approving, setApproving] = useState(false);
  // The button that opened the approval is gone once the list is approved: the focus goes to the
  // news instead of falling to the page (only then, not on a later visit to the approved page).
  const [justApproved, setJustApproved] = useState(false);
  const focusKey = useRef<string | null>(null);
  // Read by the delete handler (which keeps its identity across renders) to know which rows are shown.
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  }, [search]);
  const searchBox = useRef<HTMLDivElement>(null);

  // While the list is open for changes, the saved guests come back as read-only rows, plus one empty row.
  if (!rows && list.data) {
    const saved = list.data.guestList.map((g) =>
      newRow({ name: g.name, phone: g.phone, count: String(g.expectedGuestCount), state: 'saved' }),
    );
    setRows([...saved, newRow()]);
  }

  useEffect(() => {
    if (!focusKey.current) return;
    const target =
      focusKey.current === searchFocus
        ? searchBox.current?.querySelector('input')
        : // A row being typed has its name field; a saved one only its delete button.
          document.querySelector<HTMLElement>(`[data-row-key="${focusKey.current}"] :is(input, button)`);
    target?.focus();
    focusKey.current = null;
  });

  // The handlers the rows get keep their identity from render to render (they read only state setters,
  // refs and the wedding): with memoized rows, a keystroke then re-renders the row typed in, not them all.
  const patch = useCallback(
    (key: string, p: Partial<EntryRow>) =>
      setRows((rs) => rs?.map((r) => (r.key === key ? { ...r, ...p } : r)) ?? rs),
    [],
  );
  const append = useCallback(() => {
    const row = newRow();
    focusKey.current = row.key;
    setRows((rs) => [...(rs ?? []), row]);
  }, []);

  // Saves go one at a time, in the order their rows became ready: the server numbers guests in arrival
  // order, so a pasted block keeps its on-screen order instead of racing three requests.
  const saveQueue = useRef<Promise<void>>(Promise.resolve());
  const send = useCallback(
    async (row: EntryRow) => {
      try {
        const guest = await addGuest({
          weddingId,
          name: row.name,
          phone: row.phone,
          expectedGuestCount: rowCount(row) ?? 1,
        });
        // A saved last row leaves an empty row behind it, so typing the next guest needs no click.
        setRows((rs) => {
          if (!rs) return rs;
          const next = rs.map((r) =>
            r.key === row.key ? { ...r, state: 'saved' as const, name: guest.name, phone: guest.phone } : r,
          );
          return next[next.length - 1]!.state === 'saved' ? [...next, newRow()] : next;
        });
        void queryClient.invalidateQueries({ queryKey: guestKeys.list(weddingId) });
      } catch (error) {
        const message = serverMessageOr(error, messages.guests.addFailed);
        // A 4xx is the server's verdict on this content (a duplicate, a locked list): only an edit helps.
        const verdict = error instanceof ApiError && error.status >= 400 && error.status < 500;
        patch(row.key, { state: 'editing', refused: { as: rowSignature(row), message, retry: !verdict } });
        toast({ title: 'Hata', description: message, variant: 'destructive' });
      }
    },
    [weddingId, queryClient, patch],
  );
  const save = useCallback(
    (row: EntryRow) => {
      patch(row.key, { state: 'saving' });
      saveQueue.current = saveQueue.current.then(() => send(row));
    },
    [patch, send],
  );

  const remove = useCallback(
    async (row: EntryRow) => {
      if (row.state !== 'saved') {
        setRows((rs) => (rs && rs.length > 1 ? rs.filter((r) => r.key !== row.key) : [newRow()]));
        return;
      }
      try {
        await deleteGuest({ weddingId, name: row.name, phone: row.phone });
        setRows((rs) => {
          if (!rs) return rs;
          // The delete button goes with its row: the keyboard goes on at the shown row that takes its
          // place (a search hides the others), or at the search field when it showed no other row.
          const at = rs.findIndex((r) => r.key === row.key);
          const next = rs.filter((r) => r.key !== row.key);
          const shown = (r: EntryRow) => matchesGuest(r, searchRef.current);
          const after = next.slice(at).find(shown) ?? next.slice(0, at).findLast(shown);
          focusKey.current = after?.key ?? searchFocus;
          return next;
        });
        void queryClient.invalidateQueries({ queryKey: guestKeys.list(weddingId) });
      } catch (error) {
        toast({
          title: 'Hata',
          description: serverMessageOr(error, 'Davetli silinirken bir hata oluştu. Lütfen tekrar deneyin.'),
          variant: 'destructive',
        });
      }
    },
    [weddingId, queryClient],
  );
  const removeRow = useCallback((row: EntryRow) => void remove(row), [remove]);

  // A pasted block fills the row it lands in, then adds one row per further line. The keyboard goes on
  // to an empty row after the block: the pasted rows are complete, and each saves once it is left.
  const pasteList = useCallback((key: string, text: string): boolean => {
    if (!looksLikeList(text)) return false;
    const parsed = parseGuestLines(text);
    if (parsed.length === 0) return false;
    setRows((rs) => {
      if (!rs) return rs;
      const at = rs.findIndex((r) => r.key === key);
      const [first, ...rest] = parsed;
      const next = rs.map((r) => (r.key === key ? { ...r, ...first! } : r));
      next.splice(at + 1, 0, ...rest.map((p) => newRow(p)));
      const after = next[at + parsed.length];
      const empty =
        after?.state === 'editing' && !after.name.trim() && !after.phone.trim() ? after : newRow();
      if (empty !== after) next.splice(at + parsed.length, 0, empty);
      focusKey.current = empty.key;
      return next;
    });
    toast({ title: 'Yapıştırıldı', description: `${parsed.length} satır eklendi.`, variant: 'info' });
    return true;
  }, []);

  // Rows typed but not saved: the approval locks the list, so they are saved (or named) first.
  const pending = (rows ?? []).filter((r) => r.state !== 'saved' && (r.name.trim() || r.phone.trim()));
  const [finishing, setFinishing] = useState(false);
  /** "Listeyi Tamamla": every complete row still waiting for its autosave is saved now, then the dialog. */
  const savable = (row: EntryRow) =>
    row.state === 'editing' && rowValid(row) && row.refused?.as !== rowSignature(row);
  const saveWaiting = () => {
    for (const row of rows ?? []) if (savable(row)) save(row);
  };
  const finish = async () => {
    setFinishing(true);
    saveWaiting();
    await saveQueue.current;
    setFinishing(false);
    setApproving(true);
  };
  // Going to another page of the app: rows still waiting for their autosave are saved now (the wait
  // is for the typing, not for leaving), and the list there shows them once their saves are answered.
  const saveOnLeave = useEffectEvent(saveWaiting);
  useEffect(() => () => saveOnLeave(), []);
  // Once the list is approved, rows left out of it are out for good: nothing is lost by leaving.
  const hasPending = pending.length > 0 && !wedding.guestListApproved;
  // Going to another page of the app with rows that leaving would lose (incomplete, or refused as
  // typed): the host is asked first, as the browser asks on a reload.
  const unsavable = hasPending ? pending.filter((r) => r.state === 'editing' && !savable(r)).length : 0;
  const leaving = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavable > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  // Leaving (reload, closing the tab) would lose typed rows that are not saved: the browser asks first.
  useEffect(() => {
    if (!hasPending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasPending]);

  const visible = useMemo(() => {
    return (rows ?? []).filter((r) => matchesGuest(r, search));
  }, [rows, search]);
  // Each row's number on the whole list (a search shows some of them), found once per change of the rows.
  const positions = useMemo(() => new Map((rows ?? []).map((r, i) => [r.key, i + 1])), [rows]);
  const saved = (rows ?? []).filter((r) => r.state === 'saved');
  const people = saved.reduce((sum, r) => sum + (Number(r.count) || 0), 0);

  if (list.isError) return <ErrorState message={list.error.message || 'Misafir listesi alınamadı'} />;

  if (wedding.guestListApproved) {
    return (
      <>
        <PageTitle title="Davetli Ekle" />
        <div className="rounded-2xl border border-emerald-500/30 bg-emerald-500/5 p-8 text-center">
          <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-emerald-500" />
          <h2
            ref={justApproved ? (heading) => heading?.focus() : undefined}
            tabIndex={-1}
            className="mt-3 font-display text-2xl font-semibold outline-none"
          >
            Davetli Listesi Onaylandı
          </h2>
          <p className="mt-2 text-stone-600 dark:text-stone-300">
            Liste onaylandığı için yeni davetli eklenemez. Katılım durumlarını listeden takip edebilirsiniz.
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/dashboard/guests/list">Davetli Listesine Git</Link>
            </Button>
            {/* The image can still be added or changed while invitations wait to be sent. */}
            <Button asChild variant="outline">
              <Link to="/dashboard/invitation">Davetiye Görseli</Link>
            </Button>
          </div>
        </div>
        <WhatsappNotice weddingId={weddingId} approved />
      </>
    );
  }

  return (
    <>
      <PageTitle
        title="Davetli Ekle"
        subtitle="Ad, telefon ve kişi sayısını girin; geçerli satırlar 2 saniye sonra otomatik kaydedilir. Excel'den 'Ad, Telefon' satırlarını yapıştırabilirsiniz."
        actions={<InvitationImageButton attached={wedding.invitationImagePath !== null} />}
      />
      <div className="flex flex-wrap items-center gap-3">
        <div ref={searchBox} className="min-w-60 flex-1">
          <GuestSearch label="İsimle ara" value={search} onChange={setSearch} />
        </div>
        {search.trim() ? (
          <p className="text-sm text-stone-600 dark:text-stone-400" role="status">
            {visible.length} davetli bulundu
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3 text-sm">
        <span data-testid="saved-counter" className="rounded-full bg-emerald-500/10 px-3 py-1">
          Kaydedilen: <strong>{saved.length}</strong>
        </span>
        <span data-testid="people-counter" className="rounded-full bg-brand-500/10 px-3 py-1">
          Toplam kişi: <strong>{people}</strong>
        </span>
      </div>
      {rows === null ? (
        <Loading />
      ) : (
        <div className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
          <div
            aria-hidden
            className="hidden grid-cols-[2rem_1.4fr_1fr_5rem_9rem] gap-2 px-2 py-2 text-xs font-semibold text-stone-500 dark:text-stone-400 uppercase sm:grid"
          >
            <span>#</span>
            <span>Ad Soyad *</span>
            <span>Telefon *</span>
            <span>Kişi</span>
            <span className="text-right">Durum</span>
          </div>
          {visible.map((row) => (
            <div key={row.key} data-row-key={row.key}>
              <GuestEntryRow
                row={row}
                position={positions.get(row.key)!}
                isLast={row === rows[rows.length - 1]}
                onChange={patch}
                onSave={save}
                onRemove={removeRow}
                onTabOut={append}
                onPasteList={pasteList}
              />
            </div>
          ))}
        </div>
      )}
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="outline" onClick={append}>
          <Plus aria-hidden className="h-4 w-4" /> Satır Ekle
        </Button>
        <Button
          // While the waiting rows are saved it only looks disabled: it keeps the focus, so the dialog it
          // opens hands the focus back to it when closed.
          onClick={() => {
            if (!finishing) void finish();
          }}
          disabled={saved.length === 0}
          aria-disabled={finishing}
          aria-busy={finishing}
        >
          <ListChecks aria-hidden className="h-4 w-4" /> {finishing ? 'Kaydediliyor...' : 'Listeyi Tamamla'}
        </Button>
      </div>
      <ApprovalDialog
        open={approving}
        onOpenChange={setApproving}
        onApproved={() => setJustApproved(true)}
        weddingId={weddingId}
        unsavedRows={pending.length}
      />
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        title="Kaydedilmemiş Satırlar"
        description={`${unsavable} satır kaydedilmedi (eksik ya da hatalı); sayfadan ayrılırsanız silinir.`}
        confirmLabel="Sayfadan Ayrıl"
        onConfirm={() => leaving.proceed?.()}
        onOpenChange={(open) => !open && leaving.reset?.()}
      />
    </>
  );
}
