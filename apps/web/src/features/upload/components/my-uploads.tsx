import { Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Film, ImageIcon, Trash2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import {
  deleteMyUpload,
  fetchMyUploads,
  MyUploadGoneError,
  type MyUpload,
  type MyUploads as List,
} from '../api/my-uploads';
import { myUploadsTexts as t, submissionTexts } from '../texts';
import { LiveRegion, SuccessNote } from './live-note';
import { LoadFailedAlert, PartBoundary, useRetryablePart } from './retryable-part';

// The dialog's code loads with the first tap on a delete button, not with the page.
const loadConfirmDialog = () =>
  import('../../../components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog }));

const stateStyle = {
  processing: 'bg-amber-100 text-amber-900',
  pending: 'bg-sky-100 text-sky-900',
  approved: 'bg-emerald-100 text-emerald-900',
} as const;

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: List };

// An item is "İşleniyor" until the server has finished preparing it; the list is asked again at this pace
// while one is, so the guest sees it reach its state without reloading the page.
const processingPollMs = 5000;
const approvalPollMs = 60_000;
// Once nothing of this phone's is on its way, the couple may still delete or take back a file at any
// time, and a page left open on a table for hours would keep showing it (and offer to delete it). Every
// five minutes keeps that short while staying cheap: even a 300-guest wedding with every page open and
// in view asks once a second at most, one indexed query each; a hidden page asks nothing, and coming
// back into view asks at once. A delete that still finds the file gone is told kindly (see remove).
const settledPollMs = 5 * 60_000;

/**
 * "Yüklediklerim": what this phone uploaded to the event, known by its guest token, each
 * with its state and, while uploads are open, a delete button behind a confirmation.
 */
export function MyUploads({
  eventId,
  token,
  round,
  onDeleted,
}: {
  eventId: string;
  token: string;
  round: number;
  /** The album's count changed (the page's header shows it). */
  onDeleted: () => void;
}) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [retry, setRetry] = useState(0);
  const [asking, setAsking] = useState<MyUpload | null>(null);
  const dialog = useRetryablePart(loadConfirmDialog);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // Files that were "Onay bekliyor" and that a later answer no longer listed.
  const [removedPending, setRemovedPending] = useState(0);
  // A delete's news belongs to the list it changed: a new upload (the next round) clears it, and the
  // count above with it.
  const [noticeRound, setNoticeRound] = useState(round);
  if (noticeRound !== round) {
    setNoticeRound(round);
    setNotice(null);
    setRemovedPending(0);
  }
  // Where the focus goes back when the question closes: the delete button that asked it, or, when that
  // file is gone, the list's heading. Set here rather than left to the dialog, so a keyboard or
  // screen-reader user is never left at the top of the page.
  const askedBy = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (asking || !askedBy.current) return;
    const target = askedBy.current.isConnected ? askedBy.current : heading.current;
    askedBy.current = null;
    // After the dialog's own focus handling, which runs as it unmounts.
    const timer = setTimeout(() => target?.focus(), 0);
    return () => clearTimeout(timer);
  }, [asking]);

  // Files this page deleted: an answer asked for before the delete may still list them.
  const deletedHere = useRef(new Set<string>());
  // Set when an answer removes the tile holding the focus, so the focus goes to the heading, not <body>.
  const focusHeading = useRef(false);
  const show = useEffectEvent((answer: List) => {
    const list = {
      ...answer,
      uploads: answer.uploads.filter((u) => !deletedHere.current.has(u.id)),
    };
    if (load.status === 'ready') {
      const listed = new Set(list.uploads.map((u) => u.id));
      // An archived event answers an empty list that can no longer be changed: its files went with the
      // album's retention, not with a choice about them, so nothing is said of them.
      const archived = list.uploads.length === 0 && !list.canDelete;
      const gone = archived
        ? 0
        : load.list.uploads.filter((u) => u.state === 'pending' && !listed.has(u.id)).length;
      if (gone > 0) setRemovedPending((n) => n + gone);
      const tile = document.activeElement?.closest<HTMLElement>('[data-upload-id]');
      if (tile && !listed.has(tile.dataset.uploadId ?? '')) focusHeading.current = true;
    }
    setLoad({ status: 'ready', list });
  });
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [load]);

  useEffect(() => {
    const controller = new AbortController();
    fetchMyUploads(eventId, token, controller.signal)
      .then(show)
      .catch(() => {
        if (!controller.signal.aborted)
          setLoad((current) => (current.status === 'ready' ? current : { status: 'error' }));
      });
    return () => controller.abort();
  }, [eventId, token, round, retry]);

  // Asked again at the pace things change: often while the server makes previews, seldom while an
  // upload waits for the couple's approval, which may take hours, and rarely once all is settled.
  const states = load.status === 'ready' ? load.list.uploads.map((u) => u.state) : null;
  const pollMs = !states
    ? null
    : states.includes('processing')
      ? processingPollMs
      : states.includes('pending')
        ? approvalPollMs
        : settledPollMs;
  useEffect(() => {
    if (pollMs === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const ask = () => {
      if (asking) return;
      asking = true;
      fetchMyUploads(eventId, token, controller.signal)
        .then(show)
        // A failed refresh keeps the list shown; the next one may get through.
        .catch(() => undefined)
        .finally(() => {
          asking = false;
          schedule();
        });
    };
    // Chained after each answer rather than on an interval: on a slow uplink an answer taking longer
    // than the pace is neither cut off nor overlapped by the next question.
    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!controller.signal.aborted && document.visibilityState === 'visible') {
        timer = setTimeout(ask, pollMs);
      }
    };
    // A hidden page (locked phone, another tab) asks nothing; back in view, the list may be long stale.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') ask();
      else schedule();
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    // Stops while no list is shown (loading, or failed with its retry button) and when it leaves the page.
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [pollMs, eventId, token]);

  const remove = async (item: MyUpload) => {
    const takeOff = () => {
      deletedHere.current.add(item.id);
      setLoad((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              list: { ...current.list, uploads: current.list.uploads.filter((u) => u.id !== item.id) },
            }
          : current,
      );
    };
    setDeleting(true);
    try {
      const message = await deleteMyUpload(eventId, token, item.id);
      takeOff();
      setNotice({ tone: 'success', text: message });
      setAsking(null);
      onDeleted();
    } catch (error) {
      if (error instanceof MyUploadGoneError) {
        // Listed by this phone, so not a stranger's file: it was removed meanwhile (the couple, or
        // another tab). What the guest wanted holds; said as such, with the list and the album's count
        // brought up to date and the focus on the heading, as after a delete.
        takeOff();
        setNotice({ tone: 'success', text: item.state === 'approved' ? t.alreadyRemoved : t.alreadyGone });
        setAsking(null);
        onDeleted();
        return;
      }
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : t.deleteFailed });
      setAsking(null);
      setRetry((n) => n + 1);
    } finally {
      setDeleting(false);
    }
  };

  const success = notice?.tone === 'success' && notice.text ? notice.text : null;
  return (
    <section aria-labelledby="my-uploads-title" className="space-y-4">
      <h2
        id="my-uploads-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-stone-900 focus:outline-none"
      >
        {t.title}
      </h2>
      {/* A delete's success ("Yüklemeniz silindi.") and files gone while awaiting approval are said in a
          live region that is there before them; a failure is an alert, which screen readers announce as
          it appears. */}
      <LiveRegion testId="my-uploads-news">
        {success || removedPending > 0 ? (
          <div className="space-y-2">
            {success ? <SuccessNote>{success}</SuccessNote> : null}
            {removedPending > 0 ? (
              <p className="text-sm text-stone-600">
                {t.removedWhilePending.replace('{n}', String(removedPending))}
              </p>
            ) : null}
          </div>
        ) : null}
      </LiveRegion>
      {notice?.tone === 'error' && notice.text ? <Alert tone="error">{notice.text}</Alert> : null}
      {load.status === 'loading' ? (
        <div className="flex justify-center py-6">
          <Spinner label="Yükleniyor" size={6} />
        </div>
      ) : load.status === 'error' ? (
        <LoadFailedAlert onRetry={() => setRetry((n) => n + 1)} />
      ) : load.list.uploads.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-600">
          {t.empty}
        </p>
      ) : (
        <>
          {!load.list.canDelete ? <p className="text-sm text-stone-600">{t.closed}</p> : null}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t.title}>
            {load.list.uploads.map((item) => (
              <li
                key={item.id}
                data-upload-id={item.id}
                className="overflow-hidden rounded-xl border border-stone-200 bg-white"
              >
                <div className="relative aspect-square bg-stone-100">
                  {item.thumbnailUrl ? (
                    <img
                      src={item.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  ) : (
                    <div className="flex h-full items-center justify-center text-stone-500">
                      {item.type === 'video' ? (
                        <Film aria-hidden className="h-8 w-8" />
                      ) : (
                        <ImageIcon aria-hidden className="h-8 w-8" />
                      )}
                    </div>
                  )}
                  {item.type === 'video' ? (
                    // As on the chosen files' tiles: a video's still frame looks like any photo.
                    <span className="absolute bottom-1 left-1 rounded bg-black/65 px-1.5 py-0.5 text-[11px] font-medium text-white">
                      {submissionTexts.videoBadge}
                    </span>
                  ) : null}
                  {load.list.canDelete ? (
                    <button
                      type="button"
                      onClick={(event) => {
                        askedBy.current = event.currentTarget;
                        setAsking(item);
                      }}
                      aria-label={t.deleteLabel.replace('{name}', item.name ?? t.title)}
                      className="group absolute top-0 right-0 flex h-11 w-11 cursor-pointer items-center justify-center"
                    >
                      <span className="flex h-8 w-8 items-center justify-center rounded-full bg-black/65 text-white group-hover:bg-red-700 group-focus-visible:ring-2 group-focus-visible:ring-white">
                        <Trash2 aria-hidden className="h-4 w-4" />
                      </span>
                    </button>
                  ) : null}
                </div>
                <div className="space-y-1 p-2">
                  <p className="truncate text-sm text-stone-800" title={item.name ?? undefined}>
                    {item.name ?? (item.type === 'video' ? 'Video' : 'Fotoğraf')}
                  </p>
                  <span
                    className={cn(
                      'inline-block rounded-full px-2 py-0.5 text-xs font-medium',
                      stateStyle[item.state],
                    )}
                  >
                    {t[item.state]}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {asking ? (
        // Its code not loaded (a weak network): the tap is answered with the reason, and the next one
        // loads it again.
        <PartBoundary
          key={dialog.attempt}
          onFailed={() => {
            setAsking(null);
            setNotice({ tone: 'error', text: t.deleteFailed });
            dialog.retry();
          }}
        >
          <Suspense fallback={null}>
            <dialog.Part
              open
              title={t.confirmTitle}
              description={asking.sentByOthersToo ? t.confirmBodyShared : t.confirmBody}
              confirmLabel={t.confirm}
              busy={deleting}
              onConfirm={() => void remove(asking)}
              onOpenChange={(open) => {
                if (!open && !deleting) setAsking(null);
              }}
            />
          </Suspense>
        </PartBoundary>
      ) : null}
    </section>
  );
}
