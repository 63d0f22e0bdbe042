import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Check, RefreshCw, Trash2 } from 'lucide-react';
import { limits } from '@ani/contract/limits';
import { formatMessage, type MediaItem } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { albumToast } from '../../../lib/album-toast';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import {
  approvePhotos,
  deletePhotos,
  pendingPhotosQuery,
  pendingPollMs,
  refreshAfterReview,
} from '../api/album-api';
import { PendingCard } from './pending-card';

const a = messages.approval;
const m = messages.media;

/**
 * "Onay Bekleyenler": what guests uploaded while approval is the owner's. Approve one or a selection;
 * reject is the album's delete, after a confirmation. Approved items join the album and the wall.
 */
export function PendingPanel({ eventId }: { eventId: string }) {
  const queryClient = useQueryClient();
  // Guests upload while the couple reviews: the list is read again as often as the tab's badge, and
  // only while the page is in front.
  const pending = useInfiniteQuery({
    ...pendingPhotosQuery(eventId),
    refetchInterval: pendingPollMs,
    refetchIntervalInBackground: false,
  });
  const items = useMemo(() => pending.data?.pages.flatMap((p) => p.photos) ?? [], [pending.data]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  // Where the keyboard goes after a review: the reviewed card's approve button disappears with it (and
  // every button is disabled while the server answers), which left the focus on <body>. The next item
  // still waiting gets it, or the empty state's heading when none is left.
  // Set when a review ends; taken once the buttons are enabled again.
  const focusAfter = useRef<{ id: string | null } | { element: HTMLElement } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  const selectAllBox = useRef<HTMLInputElement>(null);
  // The bar with "Tümünü Seç" sticks under the header: a card's control the keyboard reaches is kept
  // clear of it too. Its height changes with the width (it wraps on a phone) and with its note.
  const bar = useRef<HTMLDivElement>(null);
  const [barHeight, setBarHeight] = useState<number | null>(null);
  const hasList = items.length > 0;
  useLayoutEffect(() => {
    const node = bar.current;
    if (!node) return;
    const measure = () => setBarHeight(node.offsetHeight || null);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasList]);
  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted || busy) return;
    focusAfter.current = null;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-approve-id]') ?? [])];
    const target =
      'element' in wanted
        ? wanted.element
        : (buttons.find((b) => b.dataset.approveId === wanted.id) ?? buttons[0] ?? emptyHeading.current);
    // After a closing confirmation's own focus handling, which runs just after it unmounts. Not
    // cancelled by a re-render in between (a refetch landing): the target was already taken.
    setTimeout(() => target?.focus(), 0);
  }, [busy, items]);
  // Only what is still listed counts as chosen (another tab may have approved or deleted it).
  const chosen = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const allChosen = items.length > 0 && chosen.length === items.length;
  // "Tümünü Seç" can only choose what is loaded (pages of 100), and the approve call names its items
  // by id. It stays that way on purpose: in "Ben onaylarım" the host approves what they have seen
  // (decision 0100), and the API has no "everything waiting" call. What it must not do is pass the
  // loaded ones off as all of them: while more wait, the bar says how many are not loaded yet and
  // offers to show and select them (the newest count is the last page read's).
  const waiting = pending.data?.pages.at(-1)?.pendingCount ?? 0;
  const notLoaded = pending.hasNextPage ? Math.max(waiting - items.length, 0) : 0;
  const partial = allChosen && notLoaded > 0;

  const showAndSelectMore = async () => {
    if (pending.isFetchingNextPage) return;
    const result = await pending.fetchNextPage();
    if (result.isError) {
      albumToast('destructive', 'Hata', a.pendingFailed);
      return;
    }
    const loaded = result.data?.pages.flatMap((p) => p.photos.map((i) => i.id)) ?? [];
    setSelected((current) => new Set([...current, ...loaded]));
    // Everything is loaded: the button goes away with the note, and the keyboard goes back to "Tümünü Seç".
    if (!result.hasNextPage) setTimeout(() => selectAllBox.current?.focus(), 0);
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const review = async (ids: string[], action: 'approve' | 'reject') => {
    if (ids.length === 0 || busy) return;
    const pressed = document.activeElement;
    setBusy(true);
    // The item after the first reviewed one that stays, else the one before it; none: the heading.
    const first = items.findIndex((i) => ids.includes(i.id));
    const staying = (i: MediaItem) => !ids.includes(i.id);
    const next =
      items.slice(first + 1).find(staying) ?? items.slice(0, Math.max(first, 0)).reverse().find(staying);
    // The reviewed items leave the list: it is read again (with the tab's count and the album), and
    // the keyboard moves on to the next item still waiting.
    const moveOn = async () => {
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
      setRejecting(null);
      await refreshAfterReview(queryClient, eventId);
      focusAfter.current = { id: next?.id ?? null };
    };
    try {
      if (action === 'approve') {
        const result = await approvePhotos(eventId, ids);
        albumToast('success', result.message);
      } else {
        const result = await deletePhotos(eventId, ids);
        // None was there any more (deleted elsewhere): "silindi" would claim what this did not do.
        if (result.deleted.length === 0) albumToast('destructive', 'Hata', a.notFound);
        else
          albumToast(
            'success',
            ids.length === 1 ? m.deletedOne : m.deletedMany.replace('{n}', String(result.deleted.length)),
          );
      }
      await moveOn();
    } catch (error) {
      albumToast(
        'destructive',
        'Hata',
        action === 'approve'
          ? serverMessageOr(error, a.approveFailed)
          : ids.length === 1
            ? m.deleteOneFailed
            : m.deleteFailed,
      );
      // 404: none of them is in the album any more (deleted on another tab or device; or the album
      // itself is gone). The list is what is stale, so it is read again at once, as after a review:
      // the dead card leaves, the count is right, and the keyboard does not stay on a button that
      // can only fail again.
      if (error instanceof ApiError && error.status === 404) await moveOn();
      // Otherwise nothing changed: back to the approve button that was pressed (it was disabled
      // meanwhile). A failed reject keeps its confirmation open, which holds the focus itself.
      else if (action === 'approve' && pressed instanceof HTMLElement)
        focusAfter.current = { element: pressed };
    } finally {
      setBusy(false);
    }
  };

  if (pending.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Yükleniyor" size={8} />
      </div>
    );
  }
  if (pending.isError && items.length === 0) {
    return (
      <div role="alert" className="mx-auto max-w-md py-12 text-center">
        <p className="text-stone-800 dark:text-stone-100">{a.pendingFailed}</p>
        <Button variant="outline" className="mt-4 max-sm:min-h-11" onClick={() => void pending.refetch()}>
          <RefreshCw aria-hidden className="h-4 w-4" />
          Tekrar Dene
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="py-16 text-center" data-testid="pending-empty">
        <CheckCheck aria-hidden className="mx-auto h-10 w-10 text-emerald-600 dark:text-emerald-400" />
        <h2
          ref={emptyHeading}
          tabIndex={-1}
          className="mt-3 rounded-md text-lg font-medium text-stone-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-400 dark:text-stone-100"
        >
          {a.pendingEmpty}
        </h2>
        <p className="mt-1 text-stone-600 dark:text-stone-400">{a.pendingEmptyHint}</p>
      </div>
    );
  }

  return (
    <section
      aria-label={a.pendingTitle}
      className="space-y-4"
      // Until measured, about the bar's height on one line.
      style={{ '--sticky-bar': barHeight ? `${barHeight}px` : '3.25rem' } as CSSProperties}
    >
      <div
        ref={bar}
        className="sticky top-[var(--sticky-offset,0px)] z-20 -mx-3 flex flex-wrap items-center justify-between gap-2 bg-white/90 px-3 py-2 backdrop-blur sm:-mx-6 sm:px-6 dark:bg-stone-950/90"
      >
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium sm:min-h-0 text-stone-800 dark:text-stone-100">
          <input
            ref={selectAllBox}
            type="checkbox"
            checked={allChosen}
            onChange={() => setSelected(allChosen ? new Set() : new Set(items.map((i) => i.id)))}
            className="h-4 w-4 accent-brand-600"
          />
          {a.selectAll}
        </label>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            className="max-sm:h-11"
            disabled={chosen.length === 0 || busy}
            onClick={() => setRejecting(chosen)}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            {a.reject}
            {chosen.length > 0 ? ` (${chosen.length})` : null}
          </Button>
          <Button
            size="sm"
            className="max-sm:h-11"
            disabled={chosen.length === 0 || busy}
            onClick={() => void review(chosen, 'approve')}
          >
            <Check aria-hidden className="h-4 w-4" />
            {a.approveSelected}
            {chosen.length > 0 ? ` (${chosen.length})` : null}
          </Button>
        </div>
        {/* Mounted throughout, so that a screen reader hears the note when it appears. */}
        <div
          className={cn(
            'flex basis-full flex-wrap items-center gap-x-3 gap-y-1 text-sm',
            !partial && 'sr-only',
          )}
        >
          <p
            role="status"
            data-testid="pending-selection-note"
            className="text-stone-700 dark:text-stone-300"
          >
            {partial ? formatMessage(a.notAllLoaded, { n: chosen.length, rest: notLoaded }) : null}
          </p>
          {partial ? (
            <Button
              variant="outline"
              size="sm"
              className="max-sm:h-11"
              disabled={busy}
              onClick={() => void showAndSelectMore()}
            >
              {formatMessage(a.loadAndSelect, { k: Math.min(notLoaded, limits.photosMaxLimit) })}
            </Button>
          ) : null}
        </div>
      </div>
      <ul ref={list} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item, index) => (
          <PendingCard
            key={item.id}
            item={item}
            index={index}
            selected={selected.has(item.id)}
            busy={busy}
            onToggle={toggle}
            onApprove={(id) => void review([id], 'approve')}
            onReject={(id) => setRejecting([id])}
          />
        ))}
      </ul>
      {pending.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            className="max-sm:min-h-11"
            onClick={() => void pending.fetchNextPage()}
            disabled={pending.isFetchingNextPage}
          >
            Daha fazla göster
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={rejecting !== null}
        title={rejecting && rejecting.length > 1 ? a.rejectManyTitle : a.rejectTitle}
        description={
          rejecting && rejecting.length > 1
            ? a.rejectManyConfirm.replace('{n}', String(rejecting.length))
            : a.rejectConfirm
        }
        confirmLabel={a.reject}
        busy={busy}
        onConfirm={() => rejecting && void review(rejecting, 'reject')}
        onOpenChange={(open) => !open && setRejecting(null)}
      />
    </section>
  );
}
