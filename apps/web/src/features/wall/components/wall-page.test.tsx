import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { liveHeartbeatMs, type WallItem } from '@ani/contract/live';
import { messages } from '@ani/contract/messages';
import { jsonResponse } from '../../../test/render';
import { WallPage } from './wall-page';

/**
 * The browser's EventSource, driven by the test: the wall's only live input. Once open it hears the
 * server's heartbeat (`ping`) as a live stream does, until `silence()` (a socket left open by a
 * network that lost the internet).
 */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  private beat: ReturnType<typeof setInterval> | undefined;
  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.silence();
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
    this.beat = setInterval(() => this.emit('ping', {}), liveHeartbeatMs);
  }
  silence() {
    clearInterval(this.beat);
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? [])
      fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

const item = (id: string, uploader: string, note: string | null = null): WallItem => ({
  id,
  type: 'image',
  url: `/media/${id}.jpg`,
  posterUrl: null,
  width: 1600,
  height: 900,
  uploader,
  note,
  uploadedAt: '2026-12-05T20:00:00.000Z',
});

const wall = (items: WallItem[], nextToken: string | null = null, autoApprovePhotos = true) =>
  jsonResponse({
    success: true,
    title: 'Ayşe & Mehmet',
    uploadUrl: 'http://localhost/events/ev1/ayse-mehmet/upload-image-page',
    autoApprovePhotos,
    items,
    nextToken,
    lastEventId: '7',
  });
/** The page a request asks for: `first`, or the `nextToken` it carries. */
const pageOf = (input: RequestInfo | URL) =>
  new URL(String(input), 'http://localhost').searchParams.get('nextToken') ?? 'first';

/** The slide on screen (the next one is mounted too, out of sight, with its own caption). */
const slide = () => within(screen.getByTestId('wall-slide'));
const onScreen = () => screen.queryByTestId('wall-slide')?.getAttribute('data-id') ?? null;
/** The mounted <img> of an item (on screen, leaving, or loading out of sight). */
const picture = (id: string) => document.querySelector<HTMLImageElement>(`img[src="/media/${id}.jpg"]`);

async function renderWall(
  respond: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  entry = '/events/ev1/wall?wall=tok',
) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(respond);
  const router = createMemoryRouter([{ path: '/events/:eventId/wall', element: <WallPage /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  return fetchMock;
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.last = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('wall page', () => {
  it('shows the newest first with its name and note, and opens the stream with the token and the list position', async () => {
    const fetchMock = await renderWall(async () =>
      wall([item('b', 'Zeynep', 'Mutluluklar!'), item('a', 'Can')]),
    );
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/events/ev1/wall?wall=tok');
    expect(onScreen()).toBe('b');
    expect(slide().getByTestId('wall-uploader')).toHaveTextContent('Zeynep');
    expect(slide().getByTestId('wall-note')).toHaveTextContent('Mutluluklar!');
    expect(FakeEventSource.last!.url).toBe('/api/events/ev1/live?wall=tok&lastEventId=7');
    act(() => FakeEventSource.last!.open());
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'live');
    expect(screen.getByText('Siz de paylaşın')).toBeInTheDocument();
    // The next slide is already mounted (loading) out of sight; nothing else is.
    expect(document.querySelectorAll('img[src^="/media/"]')).toHaveLength(2);
    await wait(8000);
    expect(onScreen()).toBe('a');
  });

  it('a live photo is on screen within a second; a removed one leaves at once', async () => {
    await renderWall(async () => wall([item('b', 'Zeynep'), item('a', 'Can')]));
    act(() => FakeEventSource.last!.open());
    await wait(3000);
    act(() => FakeEventSource.last!.emit('photo', item('n', 'Mert', 'Yeni geldi')));
    expect(onScreen()).toBe('b');
    await wait(0);
    expect(onScreen()).toBe('n');
    expect(slide().getByTestId('wall-uploader')).toHaveTextContent('Mert');

    act(() => FakeEventSource.last!.emit('removed', { id: 'n' }));
    expect(onScreen()).not.toBe('n');
    expect(document.querySelector('[data-id="n"]')).toBeNull();
  });

  it('Space pauses and resumes; the arrows move', async () => {
    await renderWall(async () => wall([item('c', 'A'), item('b', 'B'), item('a', 'C')]));
    fireEvent.keyDown(window, { key: ' ' });
    expect(screen.getByText('Duraklatıldı')).toBeInTheDocument();
    await wait(20_000);
    expect(onScreen()).toBe('c');
    fireEvent.keyDown(window, { key: ' ' });
    expect(screen.queryByText('Duraklatıldı')).not.toBeInTheDocument();
    await wait(8000);
    expect(onScreen()).toBe('b');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(onScreen()).toBe('a');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(onScreen()).toBe('b');
  });

  it('a control the keyboard reaches shows, and stays shown while it has focus', async () => {
    await renderWall(async () => wall([item('b', 'Zeynep'), item('a', 'Can')]));
    const next = screen.getByRole('button', { name: 'Sonraki' });
    const bar = next.closest('.transition-opacity')!;
    await wait(10_000);
    expect(bar).toHaveClass('opacity-0');
    act(() => next.focus());
    expect(bar).toHaveClass('opacity-100');
    await wait(10_000);
    expect(bar).toHaveClass('opacity-100');
    act(() => next.blur());
    await wait(10_000);
    expect(bar).toHaveClass('opacity-0');
  });

  it('F asks for full screen on the whole wall, and F again leaves it; other letters do nothing', async () => {
    await renderWall(async () => wall([item('a', 'Can')]));
    // jsdom has no Fullscreen API: stand in for the browser's.
    let inFullscreen = false;
    const request = vi.fn(() => {
      inFullscreen = true;
      return Promise.resolve();
    });
    const exit = vi.fn(() => {
      inFullscreen = false;
      return Promise.resolve();
    });
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { configurable: true, value: request });
    Object.defineProperty(document, 'fullscreenElement', {
      configurable: true,
      get: () => (inFullscreen ? (request.mock.contexts.at(-1) as Element) : null),
    });
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
    try {
      fireEvent.keyDown(window, { key: 'g' });
      expect(request).not.toHaveBeenCalled();
      fireEvent.keyDown(window, { key: 'f' });
      expect(request).toHaveBeenCalledTimes(1);
      // The wall itself goes full screen (its controls and QR code with it), not a slide.
      expect(request.mock.contexts[0]).toBe(screen.getByRole('main'));
      fireEvent.keyDown(window, { key: 'F' });
      expect(exit).toHaveBeenCalledTimes(1);
      expect(request).toHaveBeenCalledTimes(1);
    } finally {
      delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
      delete (document as { fullscreenElement?: unknown }).fullscreenElement;
      delete (document as { exitFullscreen?: unknown }).exitFullscreen;
    }
  });

  it('an empty album waits with the QR code, and its first photo shows at once', async () => {
    await renderWall(async () => wall([]));
    expect(screen.getByRole('heading', { name: 'İlk fotoğrafı siz paylaşın!' })).toBeInTheDocument();
    expect(screen.getByText(messages.wall.emptyText)).toBeInTheDocument();
    expect(screen.queryByText(messages.wall.emptyApprovalText)).not.toBeInTheDocument();
    act(() => FakeEventSource.last!.emit('photo', item('n', 'Mert')));
    expect(onScreen()).toBe('n');
  });

  it('with approval on, an empty wall says photos appear once the couple approves them, not "be the first"', async () => {
    await renderWall(async () => wall([], null, false));
    expect(screen.getByRole('heading', { name: 'Fotoğraflarınızı paylaşın!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Telefonunuzun kamerasıyla QR kodu okutun; yüklediğiniz fotoğraflar çift onayladıktan sonra burada belirecek.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('İlk fotoğrafı siz paylaşın!')).not.toBeInTheDocument();
    expect(screen.queryByText(messages.wall.emptyText)).not.toBeInTheDocument();
    expect(screen.getByTestId('wall-qr')).toBeInTheDocument();
    // An approved photo arrives on the stream as any other, and shows at once.
    act(() => FakeEventSource.last!.emit('photo', item('n', 'Mert')));
    expect(onScreen()).toBe('n');
  });

  it('the first photo on an empty wall keeps its 4 s when the next one comes 1.5 s later', async () => {
    await renderWall(async () => wall([]));
    act(() => FakeEventSource.last!.emit('photo', item('a', 'Mert')));
    expect(onScreen()).toBe('a');
    await wait(1500);
    act(() => FakeEventSource.last!.emit('photo', item('b', 'Ece')));
    await wait(2400);
    expect(onScreen()).toBe('a');
    await wait(100);
    expect(onScreen()).toBe('b');
  });

  it('sizes the corner QR code as before up to a laptop, and larger on a TV that guests scan from their tables', async () => {
    await renderWall(async () => wall([item('a', 'Can', 'Mutluluklar!')]));
    const size = screen.getByRole('main').style.getPropertyValue('--wall-qr');
    const qr = screen.getByTestId('wall-qr').querySelector('svg');
    expect(qr).toHaveClass('h-[var(--wall-qr)]', 'w-[var(--wall-qr)]');
    // The caption keeps clear of the card at every size (its right padding reads the same variable).
    expect(slide().getByTestId('wall-uploader').parentElement!.className).toContain('var(--wall-qr,0px)');
    // jsdom computes no CSS: the expression is evaluated here for a screen of width × height px.
    const px = (width: number, height: number) =>
      new Function(
        'clamp',
        `return ${size
          .replace(/([\d.]+)vw/g, `($1*${width / 100})`)
          .replace(/([\d.]+)vh/g, `($1*${height / 100})`)
          .replace(/([\d.]+)rem/g, '($1*16)')
          .replace(/\b(max|min)\(/g, 'Math.$1(')}`,
      )((lo: number, v: number, hi: number) => Math.min(hi, Math.max(lo, v))) as number;
    expect(px(375, 812)).toBeCloseTo(72);
    expect(px(1280, 800)).toBeCloseTo(140.8);
    expect(px(1920, 1080)).toBeCloseTo(288);
    // A wide but short screen keeps the size it had rather than covering the photo.
    expect(px(1920, 600)).toBeCloseTo(192);
  });

  it('a picture that loads is shown in its turn', async () => {
    await renderWall(async () => wall([item('c', 'Zeynep'), item('b', 'Ali Demir')]));
    fireEvent.load(picture('b')!);
    await wait(8000);
    expect(onScreen()).toBe('b');
    expect(screen.getByAltText('Ali Demir paylaştı')).toBeVisible();
  });

  it('a picture that failed to load out of sight is never shown: the photo on screen stays, and it is tried again the next time round', async () => {
    await renderWall(async () => wall([item('c', 'Zeynep'), item('b', 'Ali Demir'), item('a', 'Can')]));
    expect(onScreen()).toBe('c');
    // The venue's network is gone: the next pictures fail while they load out of sight.
    fireEvent.error(picture('b')!);
    expect(picture('b')).toBeNull();
    await wait(8000);
    expect(onScreen()).toBe('c');
    fireEvent.error(picture('a')!);
    await wait(8000);
    expect(onScreen()).toBe('c');
    expect(screen.queryByAltText('Ali Demir paylaştı')).toBeNull();
    // Its turn again: c stays, and b loads anew.
    await wait(8000);
    expect(onScreen()).toBe('c');
    expect(picture('b')).not.toBeNull();
    // The network is back: b loaded this time.
    await wait(8000);
    expect(onScreen()).toBe('b');
    expect(slide().getByTestId('wall-uploader')).toHaveTextContent('Ali Demir');
  });

  it('a picture that breaks on screen is taken off at once (no broken-image icon, no alt text), and the wall moves on at its time', async () => {
    await renderWall(async () => wall([item('c', 'Zeynep'), item('b', 'Ali Demir')]));
    fireEvent.error(picture('c')!);
    expect(screen.queryByAltText('Zeynep paylaştı')).toBeNull();
    expect(document.querySelector('[data-id="c"]')).toBeNull();
    await wait(8000);
    expect(onScreen()).toBe('b');
  });

  it('a refused link ends on the Turkish expired-link screen, with no stream', async () => {
    await renderWall(async () => jsonResponse({ success: false, message: 'x' }, 403));
    expect(screen.getByRole('heading', { name: 'Duvar bağlantısı geçersiz' })).toBeInTheDocument();
    expect(FakeEventSource.last).toBeNull();
  });

  it('a link the couple renewed says so in Turkish, not that it is invalid, with no stream', async () => {
    await renderWall(async () => jsonResponse({ success: false, message: messages.wall.linkRenewed }, 403));
    expect(screen.getByRole('heading', { name: messages.wall.renewedTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.wall.linkRenewed)).toBeInTheDocument();
    expect(screen.queryByText(messages.wall.invalidTitle)).not.toBeInTheDocument();
    expect(FakeEventSource.last).toBeNull();
  });

  it('a link to a deleted event says the event is gone, not that the link is wrong, with no stream', async () => {
    await renderWall(async () => jsonResponse({ success: false, message: messages.wall.eventGone }, 404));
    expect(screen.getByRole('heading', { name: 'Bu etkinlik artık yok' })).toBeInTheDocument();
    expect(screen.getByText(messages.wall.goneText)).toBeInTheDocument();
    // Nothing asks for a new link: none can exist for a deleted event.
    expect(screen.queryByText(messages.wall.invalidTitle)).not.toBeInTheDocument();
    expect(screen.queryByText(/yeni bir duvar bağlantısı/)).not.toBeInTheDocument();
    expect(FakeEventSource.last).toBeNull();
  });

  it('a refused (forged or expired) link never hears that an event is gone', async () => {
    for (const status of [401, 403]) {
      await renderWall(async () => jsonResponse({ success: false, message: 'x' }, status));
      expect(screen.getByRole('heading', { name: messages.wall.invalidTitle })).toBeInTheDocument();
      expect(screen.queryByText(messages.wall.goneTitle)).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('a wall whose event is deleted during the night ends on the "event gone" screen', async () => {
    let status = 200;
    await renderWall(async () =>
      status === 200
        ? wall([item('a', 'Can')])
        : jsonResponse({ success: false, message: messages.wall.eventGone }, status),
    );
    const first = FakeEventSource.last!;
    act(() => first.open());
    expect(onScreen()).toBe('a');
    // The server closes a deleted event's streams and refuses their reconnect; the list then says 404.
    status = 404;
    act(() => {
      first.readyState = FakeEventSource.CLOSED;
      first.onerror?.();
    });
    await wait(1000);
    expect(screen.getByRole('heading', { name: messages.wall.goneTitle })).toBeInTheDocument();
    expect(screen.queryByTestId('wall-slide')).not.toBeInTheDocument();
  });

  it('a server that is down gets retried, and the wall comes up once it answers', async () => {
    let down = true;
    await renderWall(async () => {
      if (down) throw new TypeError('Failed to fetch');
      return wall([item('a', 'Can')]);
    });
    expect(screen.getByRole('heading', { name: 'Duvar açılamadı' })).toBeInTheDocument();
    down = false;
    await wait(1000);
    expect(onScreen()).toBe('a');
  });

  it('when the stream is refused the list is read again; a link that has run out by then says so', async () => {
    let status = 200;
    await renderWall(async () =>
      status === 200 ? wall([item('a', 'Can')]) : jsonResponse({ success: false }, status),
    );
    const first = FakeEventSource.last!;
    status = 403;
    act(() => {
      first.readyState = FakeEventSource.CLOSED;
      first.onerror?.();
    });
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'offline');
    await wait(1000);
    expect(screen.getByRole('heading', { name: 'Duvar bağlantısı geçersiz' })).toBeInTheDocument();
  });

  it('shows the first page at once, loads the older pages behind it, and loops over the whole album', async () => {
    const fetchMock = await renderWall(async (input) =>
      pageOf(input) === 'first'
        ? wall([item('c', 'A'), item('b', 'B')], 'p2')
        : pageOf(input) === 'p2'
          ? wall([item('a', 'C')], 'p3')
          : wall([item('z', 'D')]),
    );
    expect(onScreen()).toBe('c');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/events/ev1/wall?wall=tok',
      '/api/events/ev1/wall?wall=tok&nextToken=p2',
      '/api/events/ev1/wall?wall=tok&nextToken=p3',
    ]);
    // The stream starts where the first page was read, once.
    expect(FakeEventSource.last!.url).toBe('/api/events/ev1/live?wall=tok&lastEventId=7');
    const seen = [onScreen()];
    for (let i = 0; i < 4; i++) {
      await wait(8000);
      seen.push(onScreen());
    }
    expect(seen).toEqual(['c', 'b', 'a', 'z', 'c']);
    // Only the picture on screen and the next one are mounted, however long the album.
    expect(document.querySelectorAll('img[src^="/media/"]').length).toBeLessThanOrEqual(3);
  });

  it('never shows a photo the stream removed while its page was on the way; a failed page is asked again', async () => {
    let release: (r: Response) => void = () => undefined;
    let failures = 1;
    await renderWall((input) => {
      if (pageOf(input) === 'first') return Promise.resolve(wall([item('c', 'A'), item('b', 'B')], 'p2'));
      if (failures-- > 0) return Promise.resolve(jsonResponse({ success: false }, 503));
      return new Promise<Response>((resolve) => (release = resolve));
    });
    act(() => FakeEventSource.last!.open());
    await wait(1000); // the failed page is asked again after a second
    act(() => FakeEventSource.last!.emit('removed', { id: 'a' }));
    await act(async () => {
      release(wall([item('a', 'C'), item('z', 'D')]));
      await vi.advanceTimersByTimeAsync(0);
    });
    const seen = [onScreen()];
    for (let i = 0; i < 3; i++) {
      await wait(8000);
      seen.push(onScreen());
    }
    expect(seen).toEqual(['c', 'b', 'z', 'c']);
  });

  it('opens the stream anew when it falls silent (no heartbeat), and says so meanwhile', async () => {
    const fetchMock = await renderWall(async () => wall([item('a', 'Can')]));
    const first = FakeEventSource.last!;
    act(() => first.open());
    // Heartbeats keep it: two minutes later it is the same stream, live, the list read once.
    await wait(120_000);
    expect(FakeEventSource.last).toBe(first);
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'live');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Silence (the venue's Wi-Fi lost the internet, the socket stays open): within a minute the wall
    // reads the list again and opens a new stream, saying "Yeniden bağlanıyor…" until it is open.
    act(() => first.silence());
    await wait(60_000);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.last).not.toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'connecting');
    act(() => FakeEventSource.last!.open());
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'live');
  });

  it('says "Yeniden bağlanıyor…" as soon as the device goes offline, and reconnects when it is back', async () => {
    const fetchMock = await renderWall(async () => wall([item('a', 'Can')]));
    const first = FakeEventSource.last!;
    act(() => first.open());
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'connecting');
    // A heartbeat that still comes through proves the stream alive.
    await wait(liveHeartbeatMs);
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'live');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // The browser then errors the stream and gives up on it; back online, the wall does not wait
    // for its growing retry pause.
    act(() => {
      first.readyState = FakeEventSource.CLOSED;
      first.onerror?.();
    });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.last).not.toBe(first);
    act(() => FakeEventSource.last!.open());
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'live');
  });

  it('back online with its old stream still open, opens a new one rather than trust it', async () => {
    const fetchMock = await renderWall(async () => wall([item('a', 'Can')]));
    const first = FakeEventSource.last!;
    act(() => first.open());
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    act(() => FakeEventSource.last!.open());
    expect(screen.getByTestId('wall-status')).toHaveAttribute('data-status', 'live');
  });

  it('re-reads every page every 30 minutes: deletions it missed leave, and the URLs are renewed', async () => {
    let round = 1;
    const fetchMock = await renderWall(async (input) => {
      const renewed = (i: WallItem) => (round === 1 ? i : { ...i, url: `${i.url}?r=${round}` });
      return pageOf(input) === 'first'
        ? wall([item('c', 'A'), item('b', 'B')].map(renewed), 'p2')
        : wall((round === 1 ? [item('a', 'C'), item('y', 'E')] : [item('y', 'E')]).map(renewed));
    });
    act(() => FakeEventSource.last!.open());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    round = 2;
    await wait(30 * 60 * 1000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(String(fetchMock.mock.calls[3]![0])).toBe('/api/events/ev1/wall?wall=tok&nextToken=p2');
    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      await wait(8000);
      seen.add(onScreen());
      expect(document.querySelector('[data-id="a"]')).toBeNull();
    }
    expect([...seen].sort()).toEqual(['b', 'c', 'y']);
    // A slide mounted after the re-read shows the newly signed address.
    expect(document.querySelector('img[src*="?r=2"]')).not.toBeNull();
  });

  it('opens as the owner from "Duvarı Aç" in a new tab: the handed-over session asks for the wall’s own token', async () => {
    window.localStorage.setItem('shared_token', 'owner-token');
    const asked: { url: string; auth: string | null }[] = [];
    await renderWall(async (input, init) => {
      const url = String(input);
      asked.push({ url, auth: new Headers(init?.headers).get('authorization') });
      if (url.endsWith('/wall-link'))
        return jsonResponse({
          success: true,
          url: '/events/ev1/wall?wall=fresh',
          token: 'fresh',
          expiresAt: '2026-12-06T00:00:00.000Z',
        });
      return wall([item('a', 'Zeynep')]);
    }, '/events/ev1/wall');
    await wait(0);
    expect(asked[0]).toEqual({ url: '/api/events/ev1/wall-link', auth: 'Bearer owner-token' });
    expect(asked.some((a) => a.url.includes('fresh'))).toBe(true);
    expect(slide().getByText('Zeynep')).toBeInTheDocument();
    // The copy in local storage is gone; the token lives in this tab's session only.
    expect(window.localStorage.getItem('shared_token')).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBe('owner-token');
  });

  it('without a link or a session says the link is not valid, and asks nothing', async () => {
    const fetchMock = await renderWall(async () => wall([]), '/events/ev1/wall');
    expect(screen.getByRole('heading', { name: messages.wall.invalidTitle })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
