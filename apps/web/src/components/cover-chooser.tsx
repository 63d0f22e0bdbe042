import { useEffect, useId, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ImagePlus, Images } from 'lucide-react';
import { eventResponse, stockCovers, stockCoverSet, type Event } from '@ani/contract/events';
import { limits } from '@ani/contract/limits';
import { formatMessage, photosResponse, shownUploader } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { ApiError, apiRequest, serverMessageOr } from '../lib/api-client';
import { cn } from '../lib/cn';
import { queryKeys } from '../lib/queries';
import { getToken } from '../lib/session';
import { CoverPicture } from './cover-picture';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { Spinner } from './ui/spinner';

const c = messages.cover;
const albumPageSize = 24;

const coverPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}/cover`;

/** PUT …/cover: a stock cover again, or an album photo by id. */
function chooseCover(eventId: string, body: { coverImage: string } | { photoId: string }) {
  return apiRequest(coverPath(eventId), {
    method: 'PUT',
    body,
    schema: eventResponse,
    errorToast: false,
  }).then((r) => r.event);
}

/** POST …/cover as multipart, so not through apiRequest's JSON body; the answer is still parsed. */
async function uploadCover(eventId: string, file: File): Promise<Event> {
  const form = new FormData();
  form.append('image', file);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api${coverPath(eventId)}`, {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError('network', c.failed);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const message = (body as { message?: unknown } | undefined)?.message;
  if (!response.ok) {
    const text = typeof message === 'string' ? message : undefined;
    throw new ApiError('http', text ?? c.failed, response.status, undefined, text);
  }
  return eventResponse.parse(body).event;
}

/**
 * The album's approved photos for the picker (the cover is public, as they are), a page at a time;
 * videos and unreadable files cannot be covers.
 */
function useAlbumImages(eventId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.events, eventId, 'cover-photos'],
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `/events/${encodeURIComponent(eventId)}/photos?page=1&limit=${albumPageSize}&thumbnail=true&status=approved${
          pageParam ? `&nextToken=${encodeURIComponent(pageParam)}` : ''
        }`,
        { schema: photosResponse, signal, errorToast: false },
      ),
    getNextPageParam: (last) => last.nextToken,
  });
}

function AlbumPicker({
  eventId,
  open,
  onOpenChange,
  onPick,
}: {
  eventId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (photoId: string) => void;
}) {
  const photos = useAlbumImages(eventId, open);
  const images = (photos.data?.pages ?? [])
    .flatMap((page) => page.photos)
    .filter((p) => p.type === 'image' && !p.unreadable);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{c.albumPickerTitle}</DialogTitle>
          <DialogDescription>{c.hint}</DialogDescription>
        </DialogHeader>
        {photos.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : photos.isError ? (
          <Alert>{c.albumPickerFailed}</Alert>
        ) : images.length === 0 && !photos.hasNextPage ? (
          <p className="py-8 text-center text-sm text-stone-600 dark:text-stone-300">{c.albumPickerEmpty}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={c.albumPickerTitle}>
            {images.map((photo) => (
              <li key={photo.id}>
                <button
                  type="button"
                  onClick={() => onPick(photo.id)}
                  aria-label={formatMessage(c.albumPhoto, {
                    isim: shownUploader(photo.metadata.uploader) ?? 'Misafir',
                  })}
                  className="block aspect-square w-full cursor-pointer overflow-hidden rounded-lg bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-stone-800"
                >
                  <img
                    src={photo.thumbnailUrl ?? photo.url}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover transition-transform hover:scale-105"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
        {photos.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button
              variant="outline"
              onClick={() => void photos.fetchNextPage()}
              disabled={photos.isFetchingNextPage}
            >
              {photos.isFetchingNextPage ? <Spinner size={4} /> : null}
              {c.albumPickerMore}
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Kapak Görseli": the 8 stock covers, a photo of the album, or an image of the couple's own. The
 * preview shows the cover as pages will (or the chosen file while the server prepares it); every
 * choice is saved at once. Used by the events page's settings and the dashboard, so it lives outside
 * the features.
 */
export function CoverChooser({ event, className }: { event: Event; className?: string }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  const custom = !stockCovers.includes(event.coverImage);

  async function save(work: () => Promise<Event>) {
    setSaving(true);
    setBanner(null);
    try {
      const fresh = await work();
      queryClient.setQueryData<Event[]>(queryKeys.events, (list) =>
        list?.map((e) => (e.id === fresh.id ? fresh : e)),
      );
      setBanner({ tone: 'success', text: c.updated });
    } catch (error) {
      setBanner({ tone: 'error', text: serverMessageOr(error, c.failed) });
    } finally {
      setSaving(false);
      setLocalPreview(null);
    }
  }

  const chooseFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    // The server decides the type by content; only the size is known here without reading the file.
    if (file.size > limits.coverUploadMaxBytes) {
      setBanner({ tone: 'error', text: c.tooLarge });
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    void save(() => uploadCover(event.id, file));
  };

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={saving}
      className={cn('space-y-3', className)}
      data-testid="cover-chooser"
    >
      <div>
        <h3 id={headingId} className="font-sans text-sm font-semibold text-stone-800 dark:text-stone-200">
          {c.title}
        </h3>
        <p className="text-sm text-stone-600 dark:text-stone-400">{c.hint}</p>
      </div>
      <div className="relative aspect-[2/1] max-w-xl overflow-hidden rounded-xl bg-stone-200 dark:bg-stone-800">
        {localPreview ? (
          <img src={localPreview} alt="" className="h-full w-full object-cover" />
        ) : (
          <CoverPicture
            cover={event.cover}
            sizes="(min-width: 640px) 560px, calc(100vw - 4rem)"
            alt={c.selected}
            className="h-full w-full object-cover"
          />
        )}
        {saving ? (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 bg-stone-950/55 text-sm font-medium text-white"
          >
            <Spinner size={5} className="text-white" />
            {c.saving}
          </div>
        ) : custom ? (
          <span className="absolute top-2 left-2 rounded-full bg-stone-950/70 px-2.5 py-1 text-xs font-medium text-white">
            {c.custom}
          </span>
        ) : null}
      </div>
      {banner ? <Alert tone={banner.tone}>{banner.text}</Alert> : null}
      <div role="group" aria-label={c.stockLabel}>
        <p className="mb-2 text-xs font-medium text-stone-500 uppercase dark:text-stone-400">
          {c.stockLabel}
        </p>
        <div className="grid max-w-xl grid-cols-4 gap-2 sm:grid-cols-8">
          {stockCovers.map((path, i) => {
            const chosen = !custom && event.coverImage === path;
            return (
              <button
                key={path}
                type="button"
                disabled={saving}
                aria-pressed={chosen}
                aria-label={formatMessage(c.stockOption, { n: i + 1 })}
                onClick={() => !chosen && void save(() => chooseCover(event.id, { coverImage: path }))}
                className={cn(
                  'relative aspect-[3/2] cursor-pointer overflow-hidden rounded-lg ring-offset-2 ring-offset-white transition',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait dark:ring-offset-stone-900',
                  chosen ? 'ring-2 ring-brand-600 dark:ring-brand-300' : 'hover:opacity-85',
                )}
              >
                <CoverPicture
                  cover={stockCoverSet(path)!}
                  sizes="(min-width: 640px) 72px, 25vw"
                  className="h-full w-full object-cover"
                />
                {chosen ? (
                  <span className="absolute right-1 bottom-1 grid h-5 w-5 place-items-center rounded-full bg-brand-600 text-white">
                    <Check aria-hidden className="h-3.5 w-3.5" />
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* aria-disabled, not disabled: the picker's dialog gives the focus back to this button when a
            photo is chosen, which is just when the save begins, and a disabled button cannot take it. */}
        <Button variant="outline" aria-disabled={saving} onClick={() => !saving && setPickerOpen(true)}>
          <Images aria-hidden className="h-4 w-4" />
          {c.fromAlbum}
        </Button>
        <Button variant="outline" disabled={saving} onClick={() => fileInput.current?.click()}>
          <ImagePlus aria-hidden className="h-4 w-4" />
          {c.upload}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*,.heic,.heif"
          className="sr-only"
          tabIndex={-1}
          aria-label={c.upload}
          data-testid="cover-file"
          onChange={(e) => chooseFile(e.target.files?.[0])}
        />
      </div>
      <p className="text-xs text-stone-500 dark:text-stone-400">{c.uploadHint}</p>
      <AlbumPicker
        eventId={event.id}
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        onPick={(photoId) => {
          setPickerOpen(false);
          void save(() => chooseCover(event.id, { photoId }));
        }}
      />
    </section>
  );
}
