import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Archive, Download } from 'lucide-react';
import type { Event } from '@ani/contract/events';
import type { MediaItem } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { useAlbumDownload } from '../../../components/album-download-dialog';
import { WallActions } from '../../../components/wall-actions';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { albumToast } from '../../../lib/album-toast';
import { ApiError } from '../../../lib/api-client';
import { useSharedTokenPromoted } from '../../../lib/owner-tab';
import { archivedAlbumText } from '../../../lib/retention';
import { useSession } from '../../../lib/session';
import { albumEventQuery, albumPhotosQuery } from '../api/album-api';
import { hasMorePages, uploaderLabel } from '../album-rules';
import { useAlbumDeletion } from '../use-album-deletion';
import { useAlbumView } from '../use-album-view';
import { AlbumEmpty } from './album-empty';
import { AlbumGrid } from './album-grid';
import { AlbumHeader } from './album-header';
import { FailureScreen } from './failure-screen';
import { clearOfStickyBars } from './focus-clearance';
import { NewUploadsNotice, useNewUploads } from './new-uploads';
import { Lightbox } from './lightbox';
import { PendingPanel } from './pending-panel';
import { SelectionBar } from './selection-bar';

const texts = {
  noId: 'Etkinlik ID bulunamadı...',
  noAccess: 'Etkinlik bilgileri alınamadı. Lütfen etkinlik sahibiyle iletişime geçin.',
  system: 'Etkinlik bilgileri yüklenirken bir hata oluştu.',
  confirmOne: 'Bu fotoğrafı silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.',
  // The same question about a video names it so.
  confirmVideo: 'Bu videoyu silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.',
};

/** /events/{eventId} — the album. Private: only the owner's token opens it. */
export function AlbumPage() {
  const { eventId = '' } = useParams();
  const { token } = useSession();
  const promoted = useSharedTokenPromoted();
  const eventQuery = useQuery({
    ...albumEventQuery(eventId),
    enabled: promoted && eventId !== '' && token !== null,
  });

  if (!promoted) return null;

  if (!eventId) return <FailureScreen message={texts.noId} />;
  if (!token) return <FailureScreen message={texts.noAccess} />;
  if (eventQuery.isPending) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner label="Yükleniyor" size={8} />
      </div>
    );
  }
  if (eventQuery.isError) {
    const error = eventQuery.error;
    // Not found / not yours / signed out: nothing a refresh would fix.
    const denied = error instanceof ApiError && error.kind === 'http' && error.status < 500;
    return denied ? (
      <FailureScreen message={texts.noAccess} />
    ) : (
      <FailureScreen message={texts.system} onRefresh={() => void eventQuery.refetch()} />
    );
  }
  return <OwnerAlbum eventId={eventId} event={eventQuery.data} />;
}

const darkTab =
  'inline-flex items-center justify-center whitespace-nowrap px-2 dark:text-stone-300 dark:hover:text-white dark:data-[state=active]:bg-stone-700 dark:data-[state=active]:text-white';

export function OwnerAlbum({ eventId, event }: { eventId: string; event: Event }) {
  const photos = useInfiniteQuery(albumPhotosQuery(eventId));
  const items = useMemo(() => photos.data?.pages.flatMap((p) => p.photos) ?? [], [photos.data]);
  // The grid's own count (what it has pages for); the page shows the album's latest counts.
  const photoCount = photos.data?.pages.at(-1)?.photoCount ?? event.photoCount;
  const live = useNewUploads(
    eventId,
    items,
    event.archivedAt === null && photos.isSuccess,
    photos.dataUpdatedAt,
  );
  const shownCount = live.counts?.photoCount ?? photoCount;
  const pendingCount =
    live.counts?.pendingCount ?? photos.data?.pages.at(-1)?.pendingCount ?? event.pendingCount;
  // The review tab is there while approval is the owner's, and as long as anything still waits.
  const reviewing = (!event.autoApprovePhotos || pendingCount > 0) && event.archivedAt === null;
  const [view, setView] = useAlbumView();
  // The empty album's "Onay Bekleyenlere Git" goes away with the album tab; the focus goes to the tab it opened.
  const pendingTab = useRef<HTMLButtonElement>(null);
  const showPending = () => {
    setView('pending');
    pendingTab.current?.focus();
  };
  const more = hasMorePages({
    nextToken: photos.data?.pages.at(-1)?.nextToken ?? null,
    loadedItems: items.length,
    photoCount,
  });
  const [open, setOpen] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ index: number } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: string[] } | null>(null);
  const [confirmUploader, setConfirmUploader] = useState<string | null>(null);
  const deletion = useAlbumDeletion(eventId);
  const download = useAlbumDownload({ eventId, title: event.title, photoCount: shownCount, pendingCount });
  const newUploads = live.fresh;
  // An empty album shows its first photos as they come; a grid in use waits for "Göster".
  const refetchPhotos = photos.refetch;
  const emptyGrid = items.length === 0;
  useEffect(() => {
    if (newUploads && emptyGrid) void refetchPhotos();
  }, [newUploads, emptyGrid, refetchPhotos]);
  const showNewUploads = async () => {
    await refetchPhotos();
    // The newest are first: the keyboard starts there, and the notice that had the focus is gone.
    setFocusRequest({ index: 0 });
  };

  useEffect(() => {
    document.title = `${event.title} · Anı Kutusu`;
  }, [event.title]);
  // Different failure toasts for the first page (nothing to show) and for later pages (the grid stays).
  const firstPageFailed = photos.isError && !photos.isFetchNextPageError;
  useEffect(() => {
    if (firstPageFailed) albumToast('destructive', 'Hata', messages.media.photosFailed);
  }, [firstPageFailed]);
  useEffect(() => {
    if (photos.isFetchNextPageError) albumToast('destructive', 'Hata', messages.media.morePhotosFailed);
  }, [photos.isFetchNextPageError]);

  const loadMore = useCallback(() => {
    if (photos.hasNextPage && !photos.isFetchingNextPage) void photos.fetchNextPage();
  }, [photos]);
  // The viewer moves through the whole album: a position past the loaded pages loads the next one, and
  // the next, until it is there (← on the first item goes to the album's last). When the count was
  // larger than what the server holds, the viewer settles on the last item there is.
  const morePages = photos.hasNextPage && !photos.isFetchNextPageError;
  useEffect(() => {
    if (open === null || open < items.length) return;
    if (morePages && !photos.isFetchingNextPage) void photos.fetchNextPage();
  }, [open, items.length, morePages, photos]);
  const shown =
    open !== null && open >= items.length && !morePages ? (items.length > 0 ? items.length - 1 : null) : open;
  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const askDelete = useCallback((item: MediaItem) => setConfirm({ ids: [item.id] }), []);
  const owner = useMemo(
    () => ({ selected, onToggle: toggle, onDelete: askDelete }),
    [selected, toggle, askDelete],
  );

  const confirmingVideo =
    confirm?.ids.length === 1 && items.find((i) => i.id === confirm.ids[0])?.type === 'video';
  const confirmDelete = async () => {
    if (!confirm) return;
    const first = Math.min(
      ...confirm.ids.map((id) => items.findIndex((i) => i.id === id)).filter((i) => i >= 0),
    );
    const ok = await deletion.remove(confirm.ids);
    setConfirm(null);
    if (!ok) return;
    // Deleted from the grid: the tile that asked is gone, so the keyboard goes on from the tile that
    // took its place (or the last one), not from the top of the page.
    const left = items.length - confirm.ids.length;
    if (open === null && left > 0 && Number.isFinite(first))
      setFocusRequest({ index: Math.min(first, left - 1) });
    setSelected((current) => new Set([...current].filter((id) => !confirm.ids.includes(id))));
    // Keep the viewer on the neighbour of a deleted item, or close it when the album is empty.
    setOpen((index) =>
      index === null || items.length - confirm.ids.length <= 0
        ? null
        : Math.min(index, items.length - confirm.ids.length - 1),
    );
  };

  const albumContent = event.archivedAt ? (
    <section
      aria-labelledby="archived-title"
      className="mx-auto max-w-2xl rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8"
    >
      <Archive aria-hidden className="mx-auto h-8 w-8 text-stone-500" />
      <h2 id="archived-title" className="mt-3 text-lg font-semibold text-stone-900">
        {messages.events.archived}
      </h2>
      <p className="mt-2 leading-relaxed text-stone-700">{archivedAlbumText(event)}</p>
    </section>
  ) : photos.isPending ? (
    <div className="flex justify-center py-16">
      <Spinner label="Yükleniyor" size={8} />
    </div>
  ) : photos.isError && items.length === 0 ? (
    <FailureScreen
      message={`${messages.media.photosFailed} Lütfen daha sonra tekrar deneyin.`}
      onRefresh={() => void photos.refetch()}
    />
  ) : items.length === 0 ? (
    <AlbumEmpty pendingCount={reviewing ? pendingCount : 0} onShowPending={showPending} />
  ) : (
    <>
      {newUploads ? (
        <NewUploadsNotice onShow={() => void showNewUploads()} busy={photos.isRefetching} />
      ) : null}
      <AlbumGrid
        items={items}
        onOpen={setOpen}
        owner={owner}
        onNearEnd={loadMore}
        canLoadMore={more && !photos.isFetchingNextPage && !photos.isError}
        focusRequest={focusRequest}
      />
      <div className="flex flex-col items-center gap-2 py-8 text-sm text-stone-600 dark:text-stone-400">
        {photos.isFetchingNextPage ? <Spinner label="Yükleniyor" /> : null}
        {photos.isFetchNextPageError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {messages.media.morePhotosFailed}
          </p>
        ) : null}
        {more && !photos.isFetchingNextPage ? (
          <Button variant="outline" className="max-sm:min-h-11" onClick={loadMore}>
            Daha fazla fotoğraf göster
          </Button>
        ) : null}
        {!more ? <p>Tüm fotoğraflar yüklendi</p> : null}
      </div>
    </>
  );

  return (
    <div className="pb-28">
      <AlbumHeader
        event={event}
        photoCount={shownCount}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* 40 px buttons grow to 44 on a phone, where they are thumb targets. */}
            {event.archivedAt === null ? <WallActions eventId={eventId} className="max-sm:min-h-11" /> : null}
            <Button
              variant="secondary"
              className="max-sm:min-h-11"
              onClick={() => void download.start()}
              disabled={shownCount + pendingCount === 0 || download.running || event.archivedAt !== null}
            >
              <Download aria-hidden className="h-4 w-4" />
              Albümü İndir
            </Button>
          </div>
        }
      />
      <div className="mx-auto max-w-6xl px-3 pt-4 sm:px-6 sm:pt-6">
        {reviewing ? (
          <Tabs value={view} onValueChange={(v) => setView(v === 'pending' ? 'pending' : 'album')}>
            <TabsList aria-label="Albüm bölümleri" className="max-w-md dark:bg-stone-900">
              <TabsTrigger value="album" className={darkTab}>
                {messages.approval.albumTab}
              </TabsTrigger>
              <TabsTrigger ref={pendingTab} value="pending" className={darkTab}>
                {messages.approval.pendingTitle}
                <span
                  data-testid="pending-count"
                  aria-label={`${pendingCount} öğe`}
                  className={
                    pendingCount > 0
                      ? 'ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white'
                      : 'ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-stone-200 px-1.5 py-0.5 text-xs font-semibold text-stone-700 dark:bg-stone-700 dark:text-stone-200'
                  }
                >
                  {pendingCount}
                </span>
              </TabsTrigger>
            </TabsList>
            {/* The panels take the focus after the tab list: scrolled to, they stop below the sticky header. */}
            <TabsContent value="album" style={clearOfStickyBars}>
              {albumContent}
            </TabsContent>
            <TabsContent value="pending" style={clearOfStickyBars}>
              <PendingPanel eventId={eventId} />
            </TabsContent>
          </Tabs>
        ) : null}
        {reviewing ? null : albumContent}
      </div>
      <Lightbox
        items={items}
        total={photoCount}
        index={shown}
        onIndexChange={setOpen}
        onDelete={askDelete}
        onDeleteUploader={setConfirmUploader}
        onClosed={(index) => setFocusRequest({ index: Math.min(index, items.length - 1) })}
      />
      {/* The album tab's selection stays while the host reviews, but its bar does not: the review tab has
          its own selection and buttons, and the fixed bar would cover its cards' "Onayla". */}
      <SelectionBar
        count={reviewing && view === 'pending' ? 0 : selected.size}
        busy={deletion.busy}
        onClear={() => setSelected(new Set())}
        onDelete={() => setConfirm({ ids: [...selected] })}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm && confirm.ids.length > 1
            ? 'Seçilenleri Sil'
            : confirmingVideo
              ? 'Videoyu Sil'
              : 'Fotoğrafı Sil'
        }
        description={
          confirm && confirm.ids.length > 1
            ? `Seçilen ${confirm.ids.length} öğeyi silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.`
            : confirmingVideo
              ? texts.confirmVideo
              : texts.confirmOne
        }
        confirmLabel="Sil"
        busy={deletion.busy}
        onConfirm={() => void confirmDelete()}
        onOpenChange={(next) => !next && setConfirm(null)}
      />
      <ConfirmDialog
        open={confirmUploader !== null}
        title="Kişinin Yüklemelerini Sil"
        description={messages.media.uploaderDeleteConfirm.replace('{isim}', uploaderLabel(confirmUploader))}
        confirmLabel="Tümünü Sil"
        busy={deletion.busy}
        onConfirm={() =>
          void (async () => {
            const name = confirmUploader;
            if (!name) return;
            const ok = await deletion.removeUploader(name);
            setConfirmUploader(null);
            if (ok) setOpen(null);
          })()
        }
        onOpenChange={(next) => !next && setConfirmUploader(null)}
      />
      {download.dialog}
    </div>
  );
}
