import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { stockCovers, stockCoverSet, type Event } from '@ani/contract/events';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { refreshSession } from '../lib/session';
import { eventsQuery } from '../lib/queries';
import { jsonResponse, renderWithRouter } from '../test/render';
import { CoverChooser } from './cover-chooser';

const c = messages.cover;

const event: Event = {
  id: 'ev1',
  eventId: 'ev1',
  title: 'Ayşe & Mehmet',
  eventDate: '2026-12-05T12:00:00.000Z',
  description: null,
  coverImage: stockCovers[0]!,
  cover: stockCoverSet(stockCovers[0]!)!,
  isGalleryPublic: false,
  canAddPhotos: true,
  autoApprovePhotos: true,
  cardTheme: null,
  photoCount: 3,
  pendingCount: 0,
  usage: { bytes: 0, maxBytes: 1, maxItems: 1 },
  createdAt: '2026-11-01T10:00:00.000Z',
  retainedUntil: '2027-12-05T12:00:00.000Z',
  archivedAt: null,
};
const customCover = {
  src: '/api/events/ev1/cover/0123456789abcdef-480.jpg',
  srcSetWebp: '/api/events/ev1/cover/0123456789abcdef-480.webp 480w',
  srcSetAvif: '/api/events/ev1/cover/0123456789abcdef-480.avif 480w',
};
const photo = (id: string, type: 'image' | 'video', unreadable = false) => ({
  id,
  key: `events/ev1/${id}.jpg`,
  url: `/api/media/${id}.webp`,
  originalUrl: `/api/media/${id}.jpg`,
  thumbnailUrl: `/api/media/${id}-thumb.webp`,
  type,
  mimeType: type === 'image' ? 'image/jpeg' : 'video/mp4',
  size: 100,
  width: 10,
  height: 10,
  processed: true,
  status: 'approved',
  unreadable,
  metadata: { uploader: `Misafir ${id}`, uploadDate: '2026-12-05T12:00:00.000Z', note: null },
});
const photosPage = (photos: unknown[]) =>
  jsonResponse({
    success: true,
    photos,
    nextToken: null,
    pagination: { nextToken: null, page: 1, limit: 24, totalPages: 1 },
    photoCount: photos.length,
    pendingCount: 0,
  });

/** The chooser as pages use it: fed from the shared events query, which its saves update. */
function Harness() {
  const events = useQuery(eventsQuery());
  return events.data?.[0] ? <CoverChooser event={events.data[0]} /> : null;
}

type Route = (
  url: string,
  init: RequestInit | undefined,
) => Response | Promise<Response | undefined> | undefined;
function serve(route: Route) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const answer = await route(url, init);
    if (answer) return answer;
    if (url.endsWith('/api/events')) return jsonResponse({ success: true, events: [event] });
    throw new Error(`unexpected ${url}`);
  });
}

beforeEach(() => {
  window.sessionStorage.setItem('token', 't');
  refreshSession();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const stockButton = (n: number) => screen.getByRole('button', { name: `Hazır kapak ${n}` });

describe('cover chooser', () => {
  it('offers the 8 stock covers with the current one pressed, and saves another by click or keyboard', async () => {
    const fetch = serve((url, init) => {
      if (url.endsWith('/api/events/ev1/cover') && init?.method === 'PUT') {
        const { coverImage } = JSON.parse(String(init.body));
        return jsonResponse({
          success: true,
          message: c.updated,
          event: { ...event, coverImage, cover: stockCoverSet(coverImage) },
        });
      }
    });
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    expect(await screen.findByRole('heading', { name: c.title })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: c.stockLabel });
    expect(within(group).getAllByRole('button')).toHaveLength(8);
    expect(stockButton(1)).toHaveAttribute('aria-pressed', 'true');
    expect(stockButton(3)).toHaveAttribute('aria-pressed', 'false');
    // Each stock thumbnail is a responsive picture, AVIF first.
    expect(stockButton(3).querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      stockCoverSet(stockCovers[2]!)!.srcSetAvif,
    );

    await user.click(stockButton(3));
    expect(await screen.findByText(c.updated)).toBeInTheDocument();
    expect(stockButton(3)).toHaveAttribute('aria-pressed', 'true');
    expect(stockButton(1)).toHaveAttribute('aria-pressed', 'false');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ coverImage: stockCovers[2] });

    // Keyboard: focus a cover and press Enter.
    stockButton(6).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stockButton(6)).toHaveAttribute('aria-pressed', 'true'));
    // The one already chosen sends nothing.
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').length;
    await user.click(stockButton(6));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(puts);
  });

  it('picks a photo of the album: only readable images are offered', async () => {
    // The save is held until the test lets it go, to see where the keyboard is meanwhile.
    let letSaveGo = () => undefined as void;
    const saveHeld = new Promise<void>((resolve) => (letSaveGo = resolve));
    const fetch = serve(async (url, init) => {
      if (url.includes('/photos'))
        return photosPage([photo('p1', 'image'), photo('v1', 'video'), photo('x1', 'image', true)]);
      if (url.endsWith('/cover') && init?.method === 'PUT') {
        await saveHeld;
        return jsonResponse({
          success: true,
          event: { ...event, coverImage: customCover.src, cover: customCover },
        });
      }
    });
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    await user.click(await screen.findByRole('button', { name: c.fromAlbum }));
    const dialog = await screen.findByRole('dialog', { name: c.albumPickerTitle });
    const choices = await within(dialog).findAllByRole('button', { name: /tarafından yüklenen fotoğraf/ });
    expect(choices.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Misafir p1 tarafından yüklenen fotoğraf',
    ]);
    await user.click(choices[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // While the cover is saved, the keyboard is back where it was, not on the page's body.
    expect(screen.getByRole('button', { name: c.fromAlbum })).toHaveFocus();
    letSaveGo();
    expect(await screen.findByText(c.updated)).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ photoId: 'p1' });
    // A custom cover: no stock cover is pressed, the preview says so.
    expect(screen.getByText(c.custom)).toBeInTheDocument();
    for (let n = 1; n <= 8; n++) expect(stockButton(n)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByAltText(c.selected)).toHaveAttribute('src', customCover.src);
  });

  it('names a photo of a guest who gave no name "Misafir", never the stored word "anonymous"', async () => {
    const anonymous = photo('p2', 'image');
    anonymous.metadata.uploader = 'anonymous';
    serve((url) => (url.includes('/photos') ? photosPage([anonymous]) : undefined));
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    await user.click(await screen.findByRole('button', { name: c.fromAlbum }));
    const dialog = await screen.findByRole('dialog', { name: c.albumPickerTitle });
    expect(
      await within(dialog).findByRole('button', { name: 'Misafir tarafından yüklenen fotoğraf' }),
    ).toBeInTheDocument();
  });

  it('says so when the album has no photo to offer, and when it cannot be read', async () => {
    let fail = false;
    serve((url) => {
      if (url.includes('/photos'))
        return fail
          ? jsonResponse({ success: false, message: 'x' }, 500)
          : photosPage([photo('v1', 'video')]);
    });
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    await user.click(await screen.findByRole('button', { name: c.fromAlbum }));
    expect(await screen.findByText(c.albumPickerEmpty)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fail = true;
    await user.click(screen.getByRole('button', { name: c.fromAlbum }));
    // The cached empty page is shown until the refetch fails; then the failure is said.
    await waitFor(() => expect(screen.getByText(c.albumPickerFailed)).toBeInTheDocument());
  });

  it('uploads an image with a preview and a waiting state, and shows the server’s refusal', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = serve((url, init) => {
      if (url === '/api/events/ev1/cover' && init?.method === 'POST') {
        expect(init.body).toBeInstanceOf(FormData);
        expect((init.body as FormData).get('image')).toBeInstanceOf(File);
        expect(init.headers).toEqual({ Authorization: 'Bearer t' });
        return new Promise<Response>((resolve) => (answer = resolve));
      }
    });
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    const input = await screen.findByTestId('cover-file');
    await user.upload(input, new File([new Uint8Array(10)], 'kapak.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(c.saving)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: c.upload })).toBeDisabled();
    expect(stockButton(2)).toBeDisabled();
    expect(document.querySelector('img[src="blob:preview"]')).not.toBeNull();
    answer(jsonResponse({ success: false, message: c.imageOnly, code: 'UNSUPPORTED_MEDIA_TYPE' }, 415));
    expect(await screen.findByRole('alert')).toHaveTextContent(c.imageOnly);
    // Nothing changed: the stock cover is still the chosen one, the controls work again.
    expect(stockButton(1)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: c.upload })).toBeEnabled();
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(1);
  });

  it('refuses a file over 15 MB before sending it; one at the limit is sent', async () => {
    const fetch = serve((url, init) => {
      if (url === '/api/events/ev1/cover' && init?.method === 'POST')
        return jsonResponse({
          success: true,
          event: { ...event, coverImage: customCover.src, cover: customCover },
        });
    });
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    const input = await screen.findByTestId('cover-file');
    const sized = (bytes: number) => {
      const file = new File(['x'], 'kapak.jpg', { type: 'image/jpeg' });
      Object.defineProperty(file, 'size', { value: bytes });
      return file;
    };
    await user.upload(input, sized(limits.coverUploadMaxBytes + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(c.tooLarge);
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);
    await user.upload(input, sized(limits.coverUploadMaxBytes));
    expect(await screen.findByText(c.updated)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(1);
  });
});
