import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeTusServer } from '../../../test/fake-tus';
import { jsonResponse } from '../../../test/render';
import { uploadTexts } from '../texts';
import { UploadPage } from './upload-page';
import type { PendingFileState } from '../pending-upload';

// Joined as the guest page's own build joins them (no tailwind-merge); the last test checks nothing conflicts.
vi.mock('tailwind-merge', async () => ({
  twMerge: (await import('../../../test/class-conflicts')).recordingTwMerge,
}));

// IndexedDB is not in jsdom: idb-keyval's calls land in a map that a test can fill (an upload left
// unfinished by an earlier visit) and read (what the page stored).
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: (key: string) => Promise.resolve(idb.get(key)),
  set: (key: string, value: unknown) => Promise.resolve(void idb.set(key, value)),
  del: (key: string) => Promise.resolve(void idb.delete(key)),
}));

const info = (event: Record<string, unknown>) =>
  jsonResponse({
    success: true,
    event: {
      title: 'Ayşe & Mehmet',
      eventDate: '2026-12-05T09:00:00.000Z',
      coverImage: '',
      photoCount: 7,
      ...event,
    },
  });

function renderPage() {
  return render(<UploadPage eventId="ev1" />);
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** fetch answered by URL and method; an unexpected call fails the test loudly. */
function routes(...handlers: Handler[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const mock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ url, init });
    for (const handle of handlers) {
      const answer = await handle(url, init);
      if (answer) return answer;
    }
    throw new Error(`unexpected fetch ${init?.method ?? 'GET'} ${url}`);
  });
  return { calls, mock };
}

const openEvent: Handler = (url) =>
  url === '/api/events/ev1/info' ? info({ canAddPhotos: true }) : undefined;
const header = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);
const isSubmission = (url: string, init: RequestInit | undefined) =>
  url === '/api/events/ev1/submissions' && init?.method === 'POST';
const acceptsSubmissions: Handler = (url, init) =>
  isSubmission(url, init)
    ? jsonResponse(
        { success: true, submissionId: 'sub1', guestToken: 'tok1', expiresAt: '2026-12-06T00:00:00Z' },
        201,
      )
    : undefined;
const noUploadsYet: Handler = (url) =>
  url === '/api/events/ev1/my-uploads'
    ? jsonResponse({ success: true, canDelete: true, uploads: [] })
    : undefined;
/** The server's status of the stored submission sub1: these files, in declared order. */
const statusOfSub1 =
  (files: { name: string; size: number; state: string; offset: number }[]): Handler =>
  (url) =>
    url === '/api/events/ev1/submissions/sub1'
      ? jsonResponse({
          success: true,
          submissionId: 'sub1',
          expiresAt: '2026-12-06T00:00:00Z',
          files: files.map((f) => ({ ...f, reason: null })),
        })
      : undefined;

/** The page with one photo picked and the guest's name typed: ready to send. */
async function pickedAndNamed() {
  const user = userEvent.setup();
  renderPage();
  await user.upload(await screen.findByLabelText(/Fotoğraf veya video seçin/i), [
    new File(['a'.repeat(600)], 'gelin.jpg', { type: 'image/jpeg' }),
  ]);
  await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
  return user;
}

/** The page as a phone shows it: a coarse pointer, which the page asks to tap rather than click. */
const onAPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(pointer: coarse)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

let tus: FakeTusServer;
beforeEach(() => {
  tus = new FakeTusServer();
  vi.stubGlobal('XMLHttpRequest', tus.install());
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  idb.clear();
  vi.unstubAllGlobals();
});

describe('guest upload page', () => {
  it('shows the header, then the closed state when uploads are off', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: false }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ayşe & Mehmet' })).toBeInTheDocument();
    expect(screen.getByText('5 Aralık 2026')).toBeInTheDocument();
    expect(screen.getByText('7 Fotoğraf & Video')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fotoğraf Yükleme Kapalı' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dosyayı Yükle/ })).not.toBeInTheDocument();
    // Closed from the start: nothing the guest did, so the focus is left where the page put it.
    expect(document.body).toHaveFocus();
  });

  it('after Enter on the upload button and uploads closing meanwhile, the keyboard’s place is the closed notice', async () => {
    let closed = false;
    routes(
      (url) => (url === '/api/events/ev1/info' ? info({ canAddPhotos: !closed }) : undefined),
      (url, init) => {
        if (!isSubmission(url, init)) return undefined;
        closed = true;
        return jsonResponse({ success: false, message: 'Bu etkinliğe şu anda fotoğraf yüklenemiyor.' }, 403);
      },
      noUploadsYet,
    );
    const user = await pickedAndNamed();
    screen.getByRole('button', { name: '1 Dosyayı Yükle' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Fotoğraf Yükleme Kapalı' })).toBeInTheDocument();
    // The box takes the focus in an effect, which may run a moment after the heading is drawn.
    await waitFor(() => expect(screen.getByTestId('uploads-closed')).toHaveFocus());
  });

  it('when uploads close while files are going, the closed notice names the files that did not get in', async () => {
    let closed = false;
    routes(
      (url) => (url === '/api/events/ev1/info' ? info({ canAddPhotos: !closed }) : undefined),
      acceptsSubmissions,
      noUploadsYet,
    );
    // The couple closes uploads after the first photo: the second is refused at its creation.
    tus.verdicts.set('ikinci.jpg', { refuse: 'Bu etkinliğe şu anda fotoğraf yüklenemiyor.' });
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText(/Fotoğraf veya video seçin/i), [
      new File(['a'.repeat(600)], 'birinci.jpg', { type: 'image/jpeg' }),
      new File(['b'.repeat(600)], 'ikinci.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
    closed = true;
    await user.click(screen.getByRole('button', { name: '2 Dosyayı Yükle' }));
    expect(await screen.findByRole('heading', { name: 'Fotoğraf Yükleme Kapalı' })).toBeInTheDocument();
    const notice = screen.getByTestId('uploads-closed');
    expect(notice).toHaveTextContent('1 dosya başarıyla yüklendi.');
    expect(within(notice).getByTestId('refused')).toHaveTextContent(
      'ikinci.jpg: Bu etkinliğe şu anda fotoğraf yüklenemiyor.',
    );
  });

  it('says "Etkinlik Bilgisi Alınamadı" with a refresh button when canAddPhotos is missing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: undefined }));
    renderPage();
    expect(await screen.findByText('Etkinlik Bilgisi Alınamadı')).toBeInTheDocument();
    fetchMock.mockResolvedValue(info({ canAddPhotos: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Sayfayı Yenile' }));
    expect(await screen.findByRole('button', { name: '0 Dosyayı Yükle' })).toBeInTheDocument();
  });

  it('offers a refresh on a system error', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    renderPage();
    expect(
      await screen.findByText('Etkinlik bilgileri yüklenirken bir sorun oluştu.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sayfayı Yenile' })).toBeInTheDocument();
  });

  it('announces the selection, sends each file with tus and names each outcome: done, already in the album, refused with the reason', async () => {
    const { calls } = routes(openEvent, (url, init) =>
      url === '/api/events/ev1/submissions' && init?.method === 'POST'
        ? jsonResponse(
            { success: true, submissionId: 'sub1', guestToken: 'tok1', expiresAt: '2026-12-06T00:00:00Z' },
            201,
          )
        : url === '/api/events/ev1/my-uploads'
          ? jsonResponse({ success: true, canDelete: true, uploads: [] })
          : undefined,
    );
    tus.verdicts.set('ayni.jpg', { outcome: 'duplicate' });
    tus.verdicts.set('bozuk.jpg', { refuse: 'Görsel okunamadı; dosya bozuk olabilir.' });
    tus.holdPatches = true;
    const user = userEvent.setup();
    renderPage();
    // No file, no upload: the button waits and says why.
    const submit = await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Lütfen yüklemek için dosya seçin.');
    // A phone with no token for this event has no "Yüklediklerim".
    expect(screen.queryByRole('heading', { name: 'Yüklediklerim' })).not.toBeInTheDocument();

    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['a'.repeat(600)], 'gelin.jpg', { type: 'image/jpeg' }),
      new File(['b'.repeat(300)], 'ayni.jpg', { type: 'image/jpeg' }),
      new File(['c'.repeat(100)], 'bozuk.jpg', { type: 'image/jpeg' }),
      new File(['d'.repeat(400)], 'dans.mp4', { type: 'video/mp4' }),
    ]);
    await user.click(screen.getByRole('button', { name: '4 Dosyayı Yükle' }));
    expect(screen.getByText('Lütfen isminizi girin.')).toBeInTheDocument();
    // The focus goes to the field that needs the guest, which reads its error out with it.
    expect(screen.getByLabelText('İsminiz *')).toHaveFocus();
    expect(screen.getByLabelText('İsminiz *')).toHaveAccessibleDescription('Lütfen isminizi girin.');
    await user.type(screen.getByLabelText('İsminiz *'), 'A');
    await user.click(screen.getByRole('button', { name: '4 Dosyayı Yükle' }));
    expect(screen.getByText('İsminiz en az 2 karakter olmalı.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('İsminiz *'), 'li');
    await user.type(screen.getByLabelText('Not (İsteğe bağlı)'), 'Mutluluklar!');
    await user.click(screen.getByRole('button', { name: '4 Dosyayı Yükle' }));

    // The first file's bytes are on their way: a second tap does nothing, the count is announced.
    await waitFor(() => expect(tus.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(screen.getByRole('button', { name: 'Yükleniyor…' })).toBeDisabled();
    expect(screen.getByTestId('upload-count')).toHaveTextContent('0/4 dosya yüklendi');
    expect(screen.getByTestId('upload-count')).toHaveAttribute('aria-live', 'polite');
    const announce = calls.find((c) => c.url === '/api/events/ev1/submissions')!;
    expect(JSON.parse(String(announce.init!.body))).toEqual({
      uploader: 'Ali',
      note: 'Mutluluklar!',
      files: [
        { name: 'gelin.jpg', size: 600, type: 'image/jpeg' },
        { name: 'ayni.jpg', size: 300, type: 'image/jpeg' },
        { name: 'bozuk.jpg', size: 100, type: 'image/jpeg' },
        { name: 'dans.mp4', size: 400, type: 'video/mp4' },
      ],
    });
    expect(header(announce.init, 'x-guest-token')).toBeNull();
    const creation = tus.requests.find((r) => r.method === 'POST')!;
    expect(creation.url).toBe('/api/uploads');
    expect(creation.headers['upload-length']).toBe('600');
    expect(creation.headers['upload-metadata']).toContain(`submissionId ${btoa('sub1')}`);
    expect(creation.headers['upload-metadata']).toContain(`filename ${btoa('gelin.jpg')}`);
    // The stored upload knows the file's tus address: a reload continues there.
    await waitFor(() =>
      expect((idb.get('ev1') as { files: { uploadUrl: string | null }[] }).files[0]!.uploadUrl).toBe(
        '/api/uploads/u1',
      ),
    );
    expect(localStorage.getItem('ani.guest-token.ev1')).toBe('tok1');

    tus.holdPatches = false;
    tus.release();
    // The others went on past the refused file; each tile says how it ended.
    expect(await screen.findByText('2 dosya başarıyla yüklendi.')).toBeInTheDocument();
    // Items go straight into this album: nothing is said about approval.
    expect(screen.queryByText(/onayladıktan sonra/)).not.toBeInTheDocument();
    expect(screen.getByTestId('duplicates')).toHaveTextContent('ayni.jpg');
    expect(screen.getByTestId('refused')).toHaveTextContent(
      'bozuk.jpg: Görsel okunamadı; dosya bozuk olabilir.',
    );
    expect(screen.getByText('Bu dosyalar daha önce yüklendiği için tekrar yüklenmedi:')).toBeInTheDocument();
    expect(tus.requests.filter((r) => r.method === 'POST')).toHaveLength(4);
    expect([...tus.uploads.values()].map((u) => u.offset === u.length)).toEqual([true, true, true]);
    // Finished: nothing left to continue, the form is ready for more, and "Yüklediklerim" appears.
    expect(idb.has('ev1')).toBe(false);
    expect(screen.queryByRole('list', { name: 'Seçilen dosyalar' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '0 Dosyayı Yükle' })).toBeDisabled());
    expect(await screen.findByRole('heading', { name: 'Yüklediklerim' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/events/ev1/my-uploads')).toBe(true));
    const mine = calls.find((c) => c.url === '/api/events/ev1/my-uploads')!;
    expect(header(mine.init, 'x-guest-token')).toBe('tok1');
  });

  it('tells the guest that the couple approves first when the event says so', async () => {
    routes(
      (url) =>
        url === '/api/events/ev1/info' ? info({ canAddPhotos: true, autoApprovePhotos: false }) : undefined,
      acceptsSubmissions,
      noUploadsYet,
    );
    const user = await pickedAndNamed();
    await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    expect(
      await screen.findByText(
        '1 dosya başarıyla yüklendi. Fotoğraf ve videolarınız çift onayladıktan sonra albümde görünecek.',
      ),
    ).toBeInTheDocument();
  });

  it('after Enter on the upload button, the keyboard’s place is the outcome, not the page', async () => {
    routes(openEvent, acceptsSubmissions, noUploadsYet);
    const user = await pickedAndNamed();
    screen.getByRole('button', { name: '1 Dosyayı Yükle' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('1 dosya başarıyla yüklendi.');
    await waitFor(() => expect(screen.getByRole('button', { name: '0 Dosyayı Yükle' })).toBeDisabled());
    expect(screen.getByTestId('upload-summary')).toHaveFocus();
    expect(screen.getByTestId('upload-summary')).toHaveTextContent('1 dosya başarıyla yüklendi.');
  });

  it('sends nothing while another tab of this phone uploads to the event, says so, and a tap continues once it is done', async () => {
    // Web Locks as a browser keeps them: one holder per name across the tabs of a profile.
    const held = new Set<string>(['ani-upload:ev1']);
    const locks = {
      request: async (name: string, _options: unknown, work: (lock: { name: string } | null) => unknown) => {
        if (held.has(name)) return work(null);
        held.add(name);
        try {
          return await work({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    // A phone: the message asks for a tap.
    onAPhone();
    try {
      const { calls } = routes(openEvent, acceptsSubmissions, noUploadsYet);
      const user = await pickedAndNamed();
      await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Bu telefonda başka bir sekmede yükleme sürüyor. O bitince burada devam etmek için dokunun.',
      );
      expect(calls.some((c) => isSubmission(c.url, c.init))).toBe(false);
      expect(tus.requests).toHaveLength(0);
      // The other tab is done: the same tap sends it from here.
      held.clear();
      await user.click(screen.getByRole('button', { name: 'Yüklemeye Devam Et' }));
      expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
      expect(calls.filter((c) => isSubmission(c.url, c.init))).toHaveLength(1);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('after Enter on the upload button and a lost connection, the keyboard’s place is the message, and Tab then Enter continue', async () => {
    let offline = true;
    routes(
      openEvent,
      (url, init) => {
        if (offline && isSubmission(url, init)) throw new TypeError('Failed to fetch');
      },
      acceptsSubmissions,
      noUploadsYet,
    );
    const user = await pickedAndNamed();
    screen.getByRole('button', { name: '1 Dosyayı Yükle' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText(/Bağlantı koptu/);
    expect(document.activeElement).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Bağlantı koptu/);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yüklemeye Devam Et' })).toHaveFocus();
    offline = false;
    await user.keyboard('{Enter}');
    await screen.findByText('1 dosya başarıyla yüklendi.');
    await waitFor(() => expect(screen.getByTestId('upload-summary')).toHaveFocus());
  });

  it('after Enter on the upload button and a refusal, the keyboard’s place is the server’s message', async () => {
    routes(openEvent, (url, init) =>
      url === '/api/events/ev1/submissions' && init?.method === 'POST'
        ? jsonResponse({ success: false, message: 'Bu albümün depolama alanı doldu.' }, 413)
        : undefined,
    );
    const user = await pickedAndNamed();
    screen.getByRole('button', { name: '1 Dosyayı Yükle' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('Bu albümün depolama alanı doldu.');
    expect(document.activeElement).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent('Bu albümün depolama alanı doldu.');
    // Typing after the refusal keeps the focus where the guest put it.
    await user.type(screen.getByLabelText('İsminiz *'), ' Veli');
    expect(screen.getByLabelText('İsminiz *')).toHaveFocus();
  });

  it('sends the phone’s token with a later submission, and keeps the selection when the submission is refused', async () => {
    localStorage.setItem('ani.guest-token.ev1', 'tok-old');
    const { calls } = routes(openEvent, (url, init) =>
      url === '/api/events/ev1/submissions' && init?.method === 'POST'
        ? jsonResponse(
            {
              success: false,
              message:
                'Bu albümün depolama alanı doldu; dosyalarınız yüklenmedi. Lütfen etkinlik sahibiyle iletişime geçin.',
            },
            413,
          )
        : url === '/api/events/ev1/my-uploads'
          ? jsonResponse({ success: true, canDelete: true, uploads: [] })
          : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['a'], 'gelin.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
    await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    expect(await screen.findByText(/Bu albümün depolama alanı doldu/)).toBeInTheDocument();
    const announce = calls.find((c) => c.url === '/api/events/ev1/submissions')!;
    expect(header(announce.init, 'x-guest-token')).toBe('tok-old');
    expect(tus.requests).toEqual([]);
    expect(
      within(screen.getByRole('list', { name: 'Seçilen dosyalar' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByRole('button', { name: '1 Dosyayı Yükle' })).toBeEnabled();
    expect(screen.getByLabelText('İsminiz *')).toHaveValue('Ali');
    expect(idb.has('ev1')).toBe(false);
  });

  it('offers to continue an upload left unfinished, and continues where the server stopped', async () => {
    const first = new File(['a'.repeat(50)], 'gelin.jpg', { type: 'image/jpeg' });
    const second = new File(['b'.repeat(80)], 'damat.jpg', { type: 'image/jpeg' });
    tus.uploads.set('u7', {
      length: 80,
      offset: 30,
      metadata: { filename: 'damat.jpg', submissionId: 'sub1' },
    });
    idb.set('ev1', {
      eventId: 'ev1',
      uploader: 'Ali',
      note: 'Mutluluklar',
      submissionId: 'sub1',
      guestToken: 'tok1',
      files: [
        { file: first, state: 'sending', uploadUrl: '/api/uploads/u6', reason: null },
        { file: second, state: 'sending', uploadUrl: '/api/uploads/u7', reason: null },
      ],
    });
    const { calls } = routes(
      openEvent,
      statusOfSub1([
        { name: 'gelin.jpg', size: 50, state: 'accepted', offset: 50 },
        { name: 'damat.jpg', size: 80, state: 'receiving', offset: 30 },
      ]),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Yüklemeniz yarım kaldı')).toBeInTheDocument();
    // The server already has the first file: one is left.
    expect(
      await screen.findByText('1 dosya henüz gönderilmedi. Kaldığı yerden devam edebilirsiniz.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('İsminiz *')).toHaveValue('Ali');
    await user.click(screen.getByRole('button', { name: 'Yüklemeye Devam Et' }));
    expect(await screen.findByText('2 dosya başarıyla yüklendi.')).toBeInTheDocument();
    const status = calls.find((c) => c.url === '/api/events/ev1/submissions/sub1')!;
    expect(header(status.init, 'x-guest-token')).toBe('tok1');
    // The accepted file was not sent again; the other went on from byte 30 at its own address.
    expect(tus.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'HEAD /api/uploads/u7',
      'PATCH /api/uploads/u7',
    ]);
    expect(tus.requests[1]!.headers['upload-offset']).toBe('30');
    expect(tus.uploads.get('u7')!.offset).toBe(80);
    expect(calls.some((c) => c.url === '/api/events/ev1/submissions' && c.init?.method === 'POST')).toBe(
      false,
    );
    expect(idb.has('ev1')).toBe(false);
  });

  it('keeps a finished upload finished when the status asked for on arrival answers after it', async () => {
    const first = new File(['a'.repeat(50)], 'gelin.jpg', { type: 'image/jpeg' });
    const second = new File(['b'.repeat(80)], 'damat.jpg', { type: 'image/jpeg' });
    tus.uploads.set('u6', {
      length: 50,
      offset: 10,
      metadata: { filename: 'gelin.jpg', submissionId: 'sub1' },
    });
    tus.uploads.set('u7', {
      length: 80,
      offset: 0,
      metadata: { filename: 'damat.jpg', submissionId: 'sub1' },
    });
    idb.set('ev1', {
      eventId: 'ev1',
      uploader: 'Ali',
      note: '',
      submissionId: 'sub1',
      guestToken: 'tok1',
      files: [
        { file: first, state: 'sending', uploadUrl: '/api/uploads/u6', reason: null },
        { file: second, state: 'sending', uploadUrl: '/api/uploads/u7', reason: null },
      ],
    });
    const current = statusOfSub1([
      { name: 'gelin.jpg', size: 50, state: 'receiving', offset: 10 },
      { name: 'damat.jpg', size: 80, state: 'receiving', offset: 0 },
    ]);
    // The arrival's status check is held (a weak network) until the tapped upload has finished.
    let answerArrival: () => void = () => undefined;
    let statusCalls = 0;
    routes(openEvent, noUploadsYet, (url, init) => {
      if (url !== '/api/events/ev1/submissions/sub1') return undefined;
      statusCalls += 1;
      if (statusCalls > 1) return current(url, init);
      return new Promise<Response>((resolve) => {
        answerArrival = () => resolve(current(url, init)!);
      });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Yüklemeye Devam Et' }));
    expect(await screen.findByText('2 dosya başarıyla yüklendi.')).toBeInTheDocument();
    answerArrival();
    // Long enough for the late answer to reach the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('2 dosya başarıyla yüklendi.')).toBeInTheDocument();
    expect(screen.queryByText('Yüklemeniz yarım kaldı')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yüklemeye Devam Et' })).not.toBeInTheDocument();
    expect(screen.queryByText(/dosya yüklendi/)).not.toBeInTheDocument();
    expect(idb.has('ev1')).toBe(false);
  });

  it('announces again a file the server was receiving when the page lost its upload address, instead of losing it', async () => {
    idb.set('ev1', {
      eventId: 'ev1',
      uploader: 'Ali',
      note: '',
      submissionId: 'sub1',
      guestToken: 'tok1',
      files: [
        {
          file: new File(['a'.repeat(40)], 'gelin.jpg', { type: 'image/jpeg' }),
          state: 'sending',
          uploadUrl: null,
          reason: null,
        },
      ],
    });
    const { calls } = routes(openEvent, (url, init) =>
      url === '/api/events/ev1/submissions/sub1'
        ? jsonResponse({
            success: true,
            submissionId: 'sub1',
            expiresAt: '2026-12-06T00:00:00Z',
            files: [{ name: 'gelin.jpg', size: 40, state: 'receiving', offset: 12, reason: null }],
          })
        : url === '/api/events/ev1/submissions' && init?.method === 'POST'
          ? jsonResponse(
              { success: true, submissionId: 'sub2', guestToken: 'tok1', expiresAt: '2026-12-06T00:00:00Z' },
              201,
            )
          : url === '/api/events/ev1/my-uploads'
            ? jsonResponse({ success: true, canDelete: true, uploads: [] })
            : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Yüklemeye Devam Et' }));
    expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
    const announce = calls.find((c) => c.url === '/api/events/ev1/submissions' && c.init?.method === 'POST')!;
    expect(header(announce.init, 'x-guest-token')).toBe('tok1');
    expect(tus.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
    expect(tus.requests[0]!.headers['upload-metadata']).toContain(`submissionId ${btoa('sub2')}`);
  });

  it('says the connection is gone after the retries, keeps what arrived, and continues with one tap', async () => {
    try {
      routes(openEvent, (url, init) =>
        url === '/api/events/ev1/submissions' && init?.method === 'POST'
          ? jsonResponse(
              { success: true, submissionId: 'sub1', guestToken: 'tok1', expiresAt: '2026-12-06T00:00:00Z' },
              201,
            )
          : url === '/api/events/ev1/submissions/sub1'
            ? jsonResponse({
                success: true,
                submissionId: 'sub1',
                expiresAt: '2026-12-06T00:00:00Z',
                files: [{ name: 'gelin.jpg', size: 40, state: 'receiving', offset: 0, reason: null }],
              })
            : url === '/api/events/ev1/my-uploads'
              ? jsonResponse({ success: true, canDelete: true, uploads: [] })
              : undefined,
      );
      tus.offline = true;
      const user = userEvent.setup();
      renderPage();
      await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
      await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
        new File(['a'.repeat(40)], 'gelin.jpg', { type: 'image/jpeg' }),
      ]);
      await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
      // The retries' waits (up to 20 s each) pass on a fake clock.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      fireEvent.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
      // tus-js-client tries again for about a minute before the page gives up.
      for (let s = 0; s < 120 && !screen.queryByText(/Bağlantı koptu/); s += 1)
        await vi.advanceTimersByTimeAsync(1000);
      expect(screen.getByText(/Bağlantı koptu/)).toBeInTheDocument();
      // Offered like after a reload: what is left, and the one tap that continues it.
      expect(screen.getByText('Yüklemeniz yarım kaldı')).toBeInTheDocument();
      expect(
        screen.getByText('1 dosya henüz gönderilmedi. Kaldığı yerden devam edebilirsiniz.'),
      ).toBeInTheDocument();
      expect(tus.requests.filter((r) => r.method === 'PATCH').length).toBeGreaterThan(3);
      expect((idb.get('ev1') as { submissionId: string }).submissionId).toBe('sub1');
      tus.offline = false;
      fireEvent.click(screen.getByRole('button', { name: 'Yüklemeye Devam Et' }));
      for (let s = 0; s < 20 && !screen.queryByText('1 dosya başarıyla yüklendi.'); s += 1) {
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(screen.getByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
      expect(tus.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the server’s own reason when it keeps failing the file with one (507, disk full), not a lost connection', async () => {
    const diskFull = 'Sunucuda şu anda yer kalmadı. Lütfen biraz sonra tekrar deneyin.';
    type Xhr = {
      status: number;
      responseText: string;
      readyState: number;
      onload: (() => void) | null;
      open(method: string, url: string): void;
      send(body?: Blob | null): void;
      getResponseHeader(name: string): string | null;
    };
    const Base = tus.install() as unknown as new () => Xhr;
    // Every PATCH is answered like a server whose disk is full: a 507 with its Turkish reason.
    class DiskFull extends Base {
      private verb = '';
      override open(method: string, url: string) {
        this.verb = method;
        super.open(method, url);
      }
      override send(body?: Blob | null) {
        if (this.verb !== 'PATCH') return super.send(body);
        this.status = 507;
        this.responseText = diskFull;
        this.readyState = 4;
        queueMicrotask(() => this.onload?.());
      }
      override getResponseHeader(name: string) {
        if (this.verb !== 'PATCH') return super.getResponseHeader(name);
        const headers: Record<string, string> = {
          'tus-resumable': '1.0.0',
          'content-type': 'text/plain; charset=utf-8',
        };
        return headers[name.toLowerCase()] ?? null;
      }
    }
    vi.stubGlobal('XMLHttpRequest', DiskFull);
    try {
      routes(openEvent, acceptsSubmissions, noUploadsYet);
      await pickedAndNamed();
      // The upload's code is loaded on a real clock (a first import takes a while), before the fake one.
      await import('../api/run-upload');
      // The retries' waits (up to 20 s each) pass on a fake clock.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      fireEvent.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
      for (let s = 0; s < 120 && !screen.queryByText(diskFull); s += 1)
        await vi.advanceTimersByTimeAsync(1000);
      expect(screen.getByText(diskFull)).toBeInTheDocument();
      expect(screen.queryByText(/Bağlantı koptu|Bağlantı zayıf/)).not.toBeInTheDocument();
      // Still stored, offered to continue once the server has room again.
      expect(screen.getByRole('button', { name: 'Yüklemeye Devam Et' })).toBeInTheDocument();
      expect((idb.get('ev1') as { submissionId: string }).submissionId).toBe('sub1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('discards an unfinished upload on request: its tus uploads are dropped and nothing is offered again', async () => {
    idb.set('ev1', {
      eventId: 'ev1',
      uploader: 'Ali',
      note: '',
      submissionId: 'sub1',
      guestToken: 'tok1',
      files: [
        {
          file: new File(['a'], 'gelin.jpg', { type: 'image/jpeg' }),
          state: 'sending',
          uploadUrl: '/api/uploads/u6',
          reason: null,
        },
      ],
    });
    const { calls } = routes(openEvent, (url, init) =>
      url === '/api/uploads/u6' && init?.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('1 dosya henüz gönderilmedi. Kaldığı yerden devam edebilirsiniz.');
    await user.click(screen.getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(idb.has('ev1')).toBe(false));
    const drop = calls.find((c) => c.init?.method === 'DELETE')!;
    expect(header(drop.init, 'tus-resumable')).toBe('1.0.0');
    expect(screen.queryByText('Yüklemeniz yarım kaldı')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0 Dosyayı Yükle' })).toBeDisabled();
    // The button pressed is gone: the keyboard goes on at the picker.
    await waitFor(() => expect(document.getElementById('upload-files')).toHaveFocus());
  });

  describe('a server that cannot answer for now, against its final word', () => {
    const stored = () =>
      idb.set('ev1', {
        eventId: 'ev1',
        uploader: 'Ali',
        note: '',
        submissionId: 'sub1',
        guestToken: 'tok1',
        files: [
          {
            file: new File(['a'.repeat(40)], 'gelin.jpg', { type: 'image/jpeg' }),
            state: 'sending',
            uploadUrl: '/api/uploads/u6',
            reason: null,
          },
        ],
      });
    const receiving = () =>
      jsonResponse({
        success: true,
        submissionId: 'sub1',
        expiresAt: '2026-12-06T00:00:00Z',
        files: [{ name: 'gelin.jpg', size: 40, state: 'receiving', offset: 10, reason: null }],
      });

    it.each([500, 503, 429, 408])(
      'keeps the stored upload when the submission status answers %i, and continues it with one tap',
      async (code) => {
        stored();
        tus.uploads.set('u6', {
          length: 40,
          offset: 10,
          metadata: { filename: 'gelin.jpg', submissionId: 'sub1' },
        });
        let status = (): Response =>
          jsonResponse({ success: false, message: 'Sunucu şu anda yanıt veremiyor.' }, code);
        routes(openEvent, (url) =>
          url === '/api/events/ev1/submissions/sub1'
            ? status()
            : url === '/api/events/ev1/my-uploads'
              ? jsonResponse({ success: true, canDelete: true, uploads: [] })
              : undefined,
        );
        const user = userEvent.setup();
        renderPage();
        await user.click(await screen.findByRole('button', { name: 'Yüklemeye Devam Et' }));
        expect(await screen.findByText('Sunucu şu anda yanıt veremiyor.')).toBeInTheDocument();
        // Nothing lost: the record, the one tap that continues it and what is left to send.
        expect((idb.get('ev1') as { submissionId: string }).submissionId).toBe('sub1');
        expect(screen.getByRole('button', { name: 'Yüklemeye Devam Et' })).toBeEnabled();
        expect(screen.getByRole('button', { name: 'Vazgeç' })).toBeInTheDocument();
        expect(
          screen.getByText('1 dosya henüz gönderilmedi. Kaldığı yerden devam edebilirsiniz.'),
        ).toBeInTheDocument();
        expect(tus.requests).toEqual([]);

        status = receiving;
        await user.click(screen.getByRole('button', { name: 'Yüklemeye Devam Et' }));
        expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
        expect(tus.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
          'HEAD /api/uploads/u6',
          'PATCH /api/uploads/u6',
        ]);
        expect(idb.has('ev1')).toBe(false);
      },
    );

    it('keeps a new selection stored when the announcement meets a failing server, and announces it again', async () => {
      let announce = (): Response => new Response('Bad Gateway', { status: 502 });
      const { calls } = routes(openEvent, (url, init) =>
        url === '/api/events/ev1/submissions' && init?.method === 'POST'
          ? announce()
          : url === '/api/events/ev1/my-uploads'
            ? jsonResponse({ success: true, canDelete: true, uploads: [] })
            : undefined,
      );
      const user = userEvent.setup();
      renderPage();
      await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
      await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
        new File(['a'.repeat(40)], 'gelin.jpg', { type: 'image/jpeg' }),
      ]);
      await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
      await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
      expect(await screen.findByText('Dosyalar yüklenirken bir hata oluştu.')).toBeInTheDocument();
      expect((idb.get('ev1') as { uploader: string }).uploader).toBe('Ali');
      expect(screen.getByText('Yüklemeniz yarım kaldı')).toBeInTheDocument();

      announce = () =>
        jsonResponse(
          { success: true, submissionId: 'sub1', guestToken: 'tok1', expiresAt: '2026-12-06T00:00:00Z' },
          201,
        );
      await user.click(screen.getByRole('button', { name: 'Yüklemeye Devam Et' }));
      expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
      expect(calls.filter((c) => c.url === '/api/events/ev1/submissions')).toHaveLength(2);
    });

    it.each([
      [403, 'Bu etkinliğe şu anda fotoğraf yüklenemiyor.'],
      [410, 'Bu yüklemenin süresi doldu.'],
      [400, 'Geçersiz istek.'],
    ])(
      'drops the stored upload when the submission status answers %i, the server’s final word',
      async (code, message) => {
        stored();
        routes(openEvent, (url) =>
          url === '/api/events/ev1/submissions/sub1'
            ? jsonResponse({ success: false, message }, code)
            : undefined,
        );
        const user = userEvent.setup();
        renderPage();
        await user.click(await screen.findByRole('button', { name: 'Yüklemeye Devam Et' }));
        expect(await screen.findByText(message)).toBeInTheDocument();
        expect(idb.has('ev1')).toBe(false);
        expect(screen.queryByText('Yüklemeniz yarım kaldı')).not.toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Yüklemeye Devam Et' })).not.toBeInTheDocument();
        // The selection stays for another try as a new upload.
        expect(screen.getByRole('button', { name: '1 Dosyayı Yükle' })).toBeEnabled();
        expect(tus.requests).toEqual([]);
      },
    );
  });

  describe('progress of a half-sent file', () => {
    const first = () => new File(['a'.repeat(50)], 'gelin.jpg', { type: 'image/jpeg' });
    const second = () => new File(['b'.repeat(80)], 'damat.jpg', { type: 'image/jpeg' });
    /** Both files stored as this phone last knew them: each one's state and the offset it stored. */
    const storeBoth = (...known: [PendingFileState, number][]) =>
      idb.set('ev1', {
        eventId: 'ev1',
        uploader: 'Ali',
        note: '',
        submissionId: 'sub1',
        guestToken: 'tok1',
        files: [first(), second()].map((file, i) => ({
          file,
          state: known[i]![0],
          uploadUrl: `/api/uploads/u${6 + i}`,
          reason: null,
          offset: known[i]![1],
        })),
      });

    it('starts where the server’s submission status says, and is stored for after a reload', async () => {
      tus.uploads.set('u7', {
        length: 80,
        offset: 30,
        metadata: { filename: 'damat.jpg', submissionId: 'sub1' },
      });
      tus.holdHeads = true;
      idb.set('ev1', {
        eventId: 'ev1',
        uploader: 'Ali',
        note: '',
        submissionId: 'sub1',
        guestToken: 'tok1',
        files: [
          { file: first(), state: 'sending', uploadUrl: '/api/uploads/u6', reason: null },
          { file: second(), state: 'sending', uploadUrl: '/api/uploads/u7', reason: null },
        ],
      });
      routes(
        openEvent,
        statusOfSub1([
          { name: 'gelin.jpg', size: 50, state: 'accepted', offset: 50 },
          { name: 'damat.jpg', size: 80, state: 'receiving', offset: 30 },
        ]),
        noUploadsYet,
      );
      const user = userEvent.setup();
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Yüklemeye Devam Et' }));
      // Before the tus client knows its offset (HEAD unanswered): 30 of 80 (38 %), 80 of all 130 bytes (62 %).
      await waitFor(() => expect(tus.requests.some((r) => r.method === 'HEAD')).toBe(true));
      expect(
        within(screen.getByRole('listitem', { name: /^damat\.jpg/ })).getByText('%38'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('upload-progress-text')).toHaveTextContent('80 B / 130 B · %62');
      expect((idb.get('ev1') as { files: { offset?: number }[] }).files[1]!.offset).toBe(30);
      tus.holdHeads = false;
      tus.release();
      expect(await screen.findByText('2 dosya başarıyla yüklendi.')).toBeInTheDocument();
    });

    it('shows what the server held when the stored upload is offered after a reload', async () => {
      storeBoth(['accepted', 50], ['waiting', 30]);
      routes(openEvent);
      renderPage();
      expect(
        await screen.findByText('1 dosya henüz gönderilmedi. Kaldığı yerden devam edebilirsiniz.'),
      ).toBeInTheDocument();
      expect(
        within(screen.getByRole('listitem', { name: /^damat\.jpg/ })).getByText('%38'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('upload-progress-text')).toHaveTextContent('80 B / 130 B · %62');
    });

    it('asks the server on arrival: bytes that arrived after the phone last stored a figure are shown', async () => {
      storeBoth(['sending', 10], ['sending', 0]);
      routes(
        openEvent,
        statusOfSub1([
          { name: 'gelin.jpg', size: 50, state: 'accepted', offset: 50 },
          { name: 'damat.jpg', size: 80, state: 'receiving', offset: 70 },
        ]),
      );
      renderPage();
      // 50 + 70 of 130 bytes, and the first file is in the album: one file is left, not two.
      await waitFor(() =>
        expect(screen.getByTestId('upload-progress-text')).toHaveTextContent('120 B / 130 B · %92'),
      );
      expect(
        screen.getByText('1 dosya henüz gönderilmedi. Kaldığı yerden devam edebilirsiniz.'),
      ).toBeInTheDocument();
      expect(
        within(screen.getByRole('listitem', { name: /^damat\.jpg/ })).getByText('%88'),
      ).toBeInTheDocument();
      expect(tus.requests).toEqual([]);
    });
  });

  it('keeps the keyboard on the chosen files when one is removed: the next tile, the one before, then the picker', async () => {
    routes(openEvent);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['a'], 'bir.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'iki.jpg', { type: 'image/jpeg' }),
      new File(['c'], 'uc.jpg', { type: 'image/jpeg' }),
    ]);
    screen.getByRole('button', { name: 'iki.jpg dosyasını kaldır' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'uc.jpg dosyasını kaldır' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'bir.jpg dosyasını kaldır' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: 'Seçilen dosyalar' })).not.toBeInTheDocument();
    expect(document.getElementById('upload-files')).toHaveFocus();
  });

  it('shows a refused file’s reason on its tile as soon as the server gives it, while the others go on', async () => {
    routes(openEvent, acceptsSubmissions, noUploadsYet);
    tus.verdicts.set('bozuk.jpg', { refuse: 'Görsel okunamadı; dosya bozuk olabilir.' });
    tus.holdPatches = true;
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['c'.repeat(100)], 'bozuk.jpg', { type: 'image/jpeg' }),
      new File(['a'.repeat(600)], 'gelin.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
    await user.click(screen.getByRole('button', { name: '2 Dosyayı Yükle' }));
    // The second file's bytes are held: the run is still going.
    await waitFor(() => expect(tus.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(screen.getByRole('button', { name: 'Yükleniyor…' })).toBeDisabled();
    const refused = screen.getByRole('listitem', { name: /^bozuk\.jpg/ });
    expect(within(refused).getByTestId('refused-reason')).toHaveTextContent(
      'Görsel okunamadı; dosya bozuk olabilir.',
    );
    expect(within(refused).getByTestId('refused-reason')).toBeVisible();
    // The file on its way carries no reason.
    expect(
      within(screen.getByRole('listitem', { name: /^gelin\.jpg/ })).queryByTestId('refused-reason'),
    ).not.toBeInTheDocument();
    tus.holdPatches = false;
    tus.release();
    expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
  });

  it('keeps the picker’s left-out files named during the upload and clears them once it finished', async () => {
    routes(openEvent, acceptsSubmissions, noUploadsYet);
    tus.holdPatches = true;
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['a'], 'gelin.jpg', { type: 'image/jpeg' }),
      new File(['not'], 'notlar.txt', { type: 'text/plain' }),
    ]);
    await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
    await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    await waitFor(() => expect(tus.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(screen.getByTestId('left-out')).toHaveTextContent('notlar.txt');
    tus.holdPatches = false;
    tus.release();
    expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
    expect(screen.queryByTestId('left-out')).not.toBeInTheDocument();
    expect(screen.queryByText('Bu dosya eklenmedi:')).not.toBeInTheDocument();
  });

  it('shows a selected HEIC with its name and size, and a neutral tile where the browser cannot draw it', async () => {
    routes(openEvent);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['h'.repeat(2048)], 'IMG_0001.HEIC', { type: 'image/heic' }),
    ]);
    const tile = screen.getByRole('listitem', { name: 'IMG_0001.HEIC, 2 KB' });
    expect(within(tile).getByText('IMG_0001.HEIC')).toBeInTheDocument();
    expect(within(tile).getByText('2 KB')).toBeInTheDocument();
    // jsdom decodes no image: the <img> fails, createImageBitmap is missing, the tile names the file.
    tile.querySelector('img')!.dispatchEvent(new Event('error'));
    expect(await within(tile).findByTestId('preview-fallback')).toHaveTextContent('IMG_0001.HEIC');
    expect(screen.getByRole('button', { name: '1 Dosyayı Yükle' })).toBeEnabled();
  });

  it('names a picked video the browser cannot play (an iPhone’s HEVC) on a neutral tile', async () => {
    routes(openEvent);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['v'.repeat(2048)], 'IMG_0002.MOV', { type: 'video/quicktime' }),
      new File(['w'.repeat(2048)], 'IMG_0003.MOV', { type: 'video/quicktime' }),
    ]);
    const [broken, soundOnly] = ['IMG_0002.MOV', 'IMG_0003.MOV'].map((name) =>
      screen.getByRole('listitem', { name: `${name}, 2 KB` }),
    );
    expect(within(broken!).queryByTestId('preview-fallback')).not.toBeInTheDocument();
    broken!.querySelector('video')!.dispatchEvent(new Event('error'));
    expect(await within(broken!).findByTestId('preview-fallback')).toHaveTextContent('IMG_0002.MOV');
    // Its metadata read, but no picture in it (jsdom's videoWidth is 0, as a browser's is then).
    soundOnly!.querySelector('video')!.dispatchEvent(new Event('loadedmetadata'));
    expect(await within(soundOnly!).findByTestId('preview-fallback')).toHaveTextContent('IMG_0003.MOV');
  });

  it('lists this phone’s uploads with their state and deletes one after confirmation', async () => {
    localStorage.setItem('ani.guest-token.ev1', 'tok1');
    let uploads = [
      {
        id: 'p1',
        name: 'gelin.jpg',
        type: 'image',
        size: 10,
        uploadedAt: '2026-12-05T10:00:00Z',
        state: 'approved',
        thumbnailUrl: '/t/p1.webp',
      },
      {
        id: 'p2',
        name: 'dans.mp4',
        type: 'video',
        size: 10,
        uploadedAt: '2026-12-05T10:01:00Z',
        state: 'processing',
        thumbnailUrl: null,
        // Another guest sent the same video too.
        sentByOthersToo: true,
      },
      {
        id: 'p3',
        name: 'pasta.jpg',
        type: 'image',
        size: 10,
        uploadedAt: '2026-12-05T10:02:00Z',
        state: 'pending',
        thumbnailUrl: '/t/p3.webp',
      },
    ];
    const { calls } = routes(openEvent, (url, init) => {
      if (url === '/api/events/ev1/my-uploads')
        return jsonResponse({ success: true, canDelete: true, uploads });
      if (url === '/api/events/ev1/my-uploads/p3' && init?.method === 'DELETE') {
        uploads = uploads.filter((u) => u.id !== 'p3');
        return jsonResponse({ success: true, message: 'Dosya silindi.' });
      }
      return acceptsSubmissions(url, init);
    });
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Yüklediklerim' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['gelin.jpgAlbümde', 'Videodans.mp4İşleniyor', 'pasta.jpgOnay bekliyor']);
    await user.click(screen.getByRole('button', { name: 'pasta.jpg dosyasını sil' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Bu dosya silinsin mi?' });
    expect(dialog).toHaveAccessibleDescription('Dosya albümden kaldırılır; bu işlem geri alınamaz.');
    // Cancelling deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'pasta.jpg dosyasını sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Dosya silindi.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // A file another guest sent too stays in the album: the question says so before anything goes.
    await user.click(screen.getByRole('button', { name: 'dans.mp4 dosyasını sil' }));
    const shared = await screen.findByRole('alertdialog', { name: 'Bu dosya silinsin mi?' });
    expect(shared).toHaveAccessibleDescription(
      'Aynı dosyayı başka bir misafir de yükledi: dosya sizin listenizden kalkar, albümde onun adıyla kalır.',
    );
    await user.click(within(shared).getByRole('button', { name: 'Vazgeç' }));
    // The header's count is read again.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/events/ev1/info')).toHaveLength(2));
    const removal = calls.find((c) => c.init?.method === 'DELETE')!;
    expect(header(removal.init, 'x-guest-token')).toBe('tok1');

    // The delete's news goes with the next upload: it was about the list before it.
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['y'.repeat(20)], 'yeni.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
    await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Dosya silindi.')).not.toBeInTheDocument());
  });

  it('says so when the phone has nothing left, offers a retry when the list fails, and hides delete once uploads closed', async () => {
    localStorage.setItem('ani.guest-token.ev1', 'tok1');
    let answer: Response = new Response('{}', { status: 500 });
    routes(openEvent, (url) => (url === '/api/events/ev1/my-uploads' ? answer : undefined));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Yükledikleriniz şu anda gösterilemiyor.')).toBeInTheDocument();
    answer = jsonResponse({ success: true, canDelete: true, uploads: [] });
    await user.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    expect(await screen.findByText('Bu telefondan yüklenmiş bir dosya yok.')).toBeInTheDocument();
  });

  it('offers no delete once the host closed uploads', async () => {
    localStorage.setItem('ani.guest-token.ev1', 'tok1');
    routes(
      (url) => (url === '/api/events/ev1/info' ? info({ canAddPhotos: false }) : undefined),
      (url) =>
        url === '/api/events/ev1/my-uploads'
          ? jsonResponse({
              success: true,
              canDelete: false,
              uploads: [
                {
                  id: 'p1',
                  name: 'gelin.jpg',
                  type: 'image',
                  size: 1,
                  uploadedAt: '2026-12-05T10:00:00Z',
                  state: 'approved',
                  thumbnailUrl: null,
                },
              ],
            })
          : undefined,
    );
    renderPage();
    expect(
      await screen.findByText('Yüklemeler kapandığı için dosyalarınız artık silinemez.'),
    ).toBeInTheDocument();
    expect(screen.getByText('gelin.jpg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /dosyasını sil/ })).not.toBeInTheDocument();
  });

  it('keeps the photos chosen with a text file and names the text file with its Turkish reason', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['a'], 'gelin.jpg', { type: 'image/jpeg' }),
      new File(['not'], 'notlar.txt', { type: 'text/plain' }),
    ]);
    expect(screen.getByTestId('left-out')).toHaveTextContent(
      'notlar.txt: Sadece resim ve video dosyaları yüklenebilir.',
    );
    expect(screen.getByText('Bu dosya eklenmedi:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Dosyayı Yükle' })).toBeEnabled();
  });

  /** An open event's page with `count` small photos picked at once, named `${prefix}1.jpg` on. */
  async function pickMany(prefix: string, count: number) {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    const photos = Array.from(
      { length: count },
      (_, i) => new File(['x'], `${prefix}${i + 1}.jpg`, { type: 'image/jpeg' }),
    );
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, photos);
  }

  it('keeps 10 of 11 photos and names the 11th', async () => {
    await pickMany('foto-', 11);
    expect(screen.getByRole('button', { name: '10 Dosyayı Yükle' })).toBeEnabled();
    expect(screen.getByTestId('left-out')).toHaveTextContent(
      'foto-11.jpg: En fazla 10 adet fotoğraf yükleyebilirsiniz.',
    );
    // Once a photo is taken out there is room again: the box no longer says there is not.
    await userEvent.setup().click(screen.getByRole('button', { name: 'foto-1.jpg dosyasını kaldır' }));
    expect(screen.getByRole('button', { name: '9 Dosyayı Yükle' })).toBeEnabled();
    expect(screen.queryByTestId('left-out')).not.toBeInTheDocument();
  });

  it('names a whole camera roll’s left-out photos in one line, not one line each', async () => {
    await pickMany('DSC_', 150);
    expect(screen.getByRole('button', { name: '10 Dosyayı Yükle' })).toBeEnabled();
    const list = screen.getByTestId('left-out');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent(
      '140 dosya: En fazla 10 adet fotoğraf yükleyebilirsiniz.DSC_11.jpg, DSC_12.jpg, DSC_13.jpg ve 137 dosya daha',
    );
    expect(screen.getByText('Bu 140 dosya eklenmedi:')).toBeInTheDocument();
  });

  it('opens the picker with Enter too, as the button screen readers announce it as', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    const picker = document.getElementById('upload-files') as HTMLInputElement;
    const opened = vi.spyOn(picker, 'click');
    picker.focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('names the wedding in the tab’s title', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    expect(document.title).toBe(`${screen.getByRole('heading', { level: 1 }).textContent} · Anı Kutusu`);
  });

  it('says "click" on a computer and "tap" on a phone', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    renderPage();
    expect(await screen.findByText(/Tıklayarak bilgisayarınızdan seçin/)).toBeInTheDocument();
    expect(screen.queryByText(/Dokunarak/)).not.toBeInTheDocument();
  });
});

describe('the guest page at a venue: a busy server, honest counts, a reason per refused file', () => {
  const announcements = (url: string, init: RequestInit | undefined) => isSubmission(url, init);
  /** The answer of a server whose submissions from this address are spent for `seconds`. */
  const tooMany = (seconds: number) =>
    new Response(
      JSON.stringify({
        success: false,
        message: 'Çok fazla deneme yaptınız. Lütfen 9 dakika sonra tekrar deneyin.',
        code: 'RATE_LIMITED',
      }),
      { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': String(seconds) } },
    );
  /** Lets the page's answers and renders through while the clock is fake, until `done` holds. */
  async function settle(done: () => boolean) {
    for (let i = 0; i < 100 && !done(); i += 1) {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const busyText = () => screen.queryByTestId('upload-busy')?.textContent ?? null;
  beforeEach(async () => {
    // The upload's code, which the page imports when it needs it, is in memory before the clock stops.
    await import('../api/run-upload');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a server too busy to take the selection (429), counting down, and starts by itself', async () => {
    let answers = [tooMany(540)];
    const { calls } = routes(
      openEvent,
      (url, init) => (announcements(url, init) ? answers.shift() : undefined),
      acceptsSubmissions,
      noUploadsYet,
    );
    await pickedAndNamed();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    await settle(() => busyText() !== null);
    expect(busyText()).toBe('Şu anda çok yoğunuz. Yüklemeniz 9 dakika sonra kendiliğinden başlayacak.');
    // Nothing failed and nothing was half sent: no blame, no "left half-way", no error.
    expect(screen.queryByText(/Çok fazla deneme/)).not.toBeInTheDocument();
    expect(screen.queryByText('Yüklemeniz yarım kaldı')).not.toBeInTheDocument();
    expect(screen.queryByText(/henüz gönderilmedi/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('upload-count')).not.toBeInTheDocument();
    // The tap's outcome takes the keyboard's place (in an effect, a moment after it is drawn), and the
    // next Tab reaches "Şimdi Dene".
    await settle(() => document.activeElement?.contains(screen.getByTestId('upload-busy')) === true);
    expect(document.activeElement).toContainElement(screen.getByTestId('upload-busy'));
    expect(screen.getByRole('button', { name: 'Şimdi Dene' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Vazgeç' })).toBeInTheDocument();
    // Stored with its wait, for a reload.
    expect((idb.get('ev1') as { notBefore?: number }).notBefore).toBe(Date.now() + 540_000);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(busyText()).toBe('Şu anda çok yoğunuz. Yüklemeniz 8 dakika sonra kendiliğinden başlayacak.');
    await vi.advanceTimersByTimeAsync(421_000);
    expect(busyText()).toBe('Şu anda çok yoğunuz. Yüklemeniz 59 saniye sonra kendiliğinden başlayacak.');
    await vi.advanceTimersByTimeAsync(58_999);
    expect(busyText()).toBe('Şu anda çok yoğunuz. Yüklemeniz 1 saniye sonra kendiliğinden başlayacak.');
    expect(calls.filter((c) => announcements(c.url, c.init))).toHaveLength(1);
    // The wait is over: announced again and sent, without a tap.
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => screen.queryByText('1 dosya başarıyla yüklendi.') !== null);
    expect(screen.getByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
    expect(calls.filter((c) => announcements(c.url, c.init))).toHaveLength(2);
    expect(screen.queryByTestId('upload-busy')).not.toBeInTheDocument();
    expect(idb.has('ev1')).toBe(false);
    answers = [];
  });

  it('starts at once on "Şimdi Dene", and the countdown then starts nothing more', async () => {
    const answers = [tooMany(30)];
    const { calls } = routes(
      openEvent,
      (url, init) => (announcements(url, init) ? answers.shift() : undefined),
      acceptsSubmissions,
      noUploadsYet,
    );
    await pickedAndNamed();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    await settle(() => busyText() !== null);
    expect(busyText()).toBe('Şu anda çok yoğunuz. Yüklemeniz 30 saniye sonra kendiliğinden başlayacak.');
    fireEvent.click(screen.getByRole('button', { name: 'Şimdi Dene' }));
    await settle(() => screen.queryByText('1 dosya başarıyla yüklendi.') !== null);
    expect(screen.getByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => announcements(c.url, c.init))).toHaveLength(2);
    expect(tus.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('keeps waiting after a reload in the middle of the wait, and starts when it is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    idb.set('ev1', {
      eventId: 'ev1',
      uploader: 'Ali',
      note: '',
      submissionId: null,
      guestToken: null,
      notBefore: Date.now() + 90_000,
      files: [
        {
          file: new File(['a'.repeat(40)], 'gelin.jpg', { type: 'image/jpeg' }),
          state: 'waiting',
          uploadUrl: null,
          reason: null,
        },
      ],
    });
    const { calls } = routes(openEvent, acceptsSubmissions, noUploadsYet);
    renderPage();
    await settle(() => busyText() !== null);
    expect(busyText()).toBe('Şu anda çok yoğunuz. Yüklemeniz 2 dakika sonra kendiliğinden başlayacak.');
    expect(screen.queryByText('Yüklemeniz yarım kaldı')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yüklemeye Devam Et' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Şimdi Dene' })).toBeEnabled();
    expect(screen.getByLabelText('İsminiz *')).toHaveValue('Ali');
    // Found on arrival, not the answer to a tap: the focus stays where the page put it.
    expect(document.body).toHaveFocus();
    await vi.advanceTimersByTimeAsync(89_000);
    expect(calls.some((c) => announcements(c.url, c.init))).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await settle(() => screen.queryByText('1 dosya başarıyla yüklendi.') !== null);
    expect(screen.getByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
  });

  it('counts only the files that arrived as uploaded, and says beside it which did not', async () => {
    routes(openEvent, acceptsSubmissions, noUploadsYet);
    tus.verdicts.set('ayni.jpg', { outcome: 'duplicate' });
    tus.verdicts.set('bozuk.jpg', { refuse: 'Görsel okunamadı; dosya bozuk olabilir.' });
    tus.holdPatches = true;
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['b'.repeat(30)], 'ayni.jpg', { type: 'image/jpeg' }),
      new File(['c'.repeat(100)], 'bozuk.jpg', { type: 'image/jpeg' }),
      new File(['a'.repeat(600)], 'gelin.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
    await user.click(screen.getByRole('button', { name: '3 Dosyayı Yükle' }));
    await waitFor(() => expect(tus.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    tus.release();
    // The last file's bytes are held: two files are done, neither of them added to the album now.
    await waitFor(() => expect(tus.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(screen.getByTestId('upload-count')).toHaveTextContent(
      /^0\/3 dosya yüklendi, 1 dosya yüklenmedi, 1 dosya zaten yüklü$/,
    );
    tus.holdPatches = false;
    tus.release();
    expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
  });

  it('marks the name as required for screen readers without reading the asterisk, and keeps its own messages', async () => {
    routes(openEvent);
    const user = userEvent.setup();
    renderPage();
    const name = await screen.findByRole('textbox', { name: 'İsminiz' });
    expect(name).toHaveAttribute('aria-required', 'true');
    // Not the browser's own bubble: the form checks itself and says the page's message.
    expect(name).not.toHaveAttribute('required');
    expect(name.closest('form')).toHaveAttribute('novalidate');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['a'], 'gelin.jpg', { type: 'image/jpeg' }),
    ]);
    await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    expect(name).toHaveAccessibleDescription('Lütfen isminizi girin.');
  });

  it('names each refused file with a short reason, and the whole upload’s sentence only where the page says it once', async () => {
    let closed = false;
    routes(
      (url) => (url === '/api/events/ev1/info' ? info({ canAddPhotos: !closed }) : undefined),
      acceptsSubmissions,
      noUploadsYet,
    );
    // The server's sentences, as it refuses a file whose type it cannot tell and, once closed, the rest.
    tus.verdicts.set('notlar.jpg', { refuse: uploadTexts.typeUndetectable });
    tus.verdicts.set('ikinci.jpg', { refuse: uploadTexts.closed });
    tus.verdicts.set('ucuncu.jpg', { refuse: uploadTexts.closed });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['a'.repeat(60)], 'birinci.jpg', { type: 'image/jpeg' }),
      new File(['n'.repeat(60)], 'notlar.jpg', { type: 'image/jpeg' }),
      new File(['b'.repeat(60)], 'ikinci.jpg', { type: 'image/jpeg' }),
      new File(['c'.repeat(60)], 'ucuncu.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
    closed = true;
    await user.click(screen.getByRole('button', { name: '4 Dosyayı Yükle' }));
    expect(await screen.findByRole('heading', { name: 'Fotoğraf Yükleme Kapalı' })).toBeInTheDocument();
    const refused = within(screen.getByTestId('uploads-closed')).getByTestId('refused');
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'notlar.jpg: Dosya tipi algılanamadı.',
      'ikinci.jpg: Yüklemeler kapatıldı.',
      'ucuncu.jpg: Yüklemeler kapatıldı.',
    ]);
    // The closed notice says it once; no file repeats it.
    const page = document.body.textContent ?? '';
    expect(page.match(/Bu etkinliğe şu anda fotoğraf eklenemiyor/g)).toHaveLength(1);
    expect(page).not.toContain('Seçtiğiniz dosyalardan bazıları');
  });

  it('names a refused file’s short reason on its tile while the others go on, and any other reason as the server said it', async () => {
    routes(openEvent, acceptsSubmissions, noUploadsYet);
    tus.verdicts.set('notlar.jpg', { refuse: uploadTexts.typeUndetectable });
    tus.verdicts.set('bozuk.jpg', { refuse: 'Görsel okunamadı; dosya bozuk olabilir.' });
    tus.holdPatches = true;
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['n'.repeat(60)], 'notlar.jpg', { type: 'image/jpeg' }),
      new File(['c'.repeat(60)], 'bozuk.jpg', { type: 'image/jpeg' }),
      new File(['a'.repeat(60)], 'gelin.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('İsminiz *'), 'Ali');
    await user.click(screen.getByRole('button', { name: '3 Dosyayı Yükle' }));
    await waitFor(() => expect(tus.requests.some((r) => r.method === 'PATCH')).toBe(true));
    const tile = screen.getByRole('listitem', { name: /^notlar\.jpg/ });
    expect(within(tile).getByTestId('refused-reason')).toHaveTextContent(/^Dosya tipi algılanamadı\.$/);
    expect(tile).toHaveAccessibleName('notlar.jpg, 60 B, Yüklenmedi: Dosya tipi algılanamadı.');
    expect(
      within(screen.getByRole('listitem', { name: /^bozuk\.jpg/ })).getByTestId('refused-reason'),
    ).toHaveTextContent('Görsel okunamadı; dosya bozuk olabilir.');
    tus.holdPatches = false;
    tus.release();
    expect(await screen.findByText('1 dosya başarıyla yüklendi.')).toBeInTheDocument();
  });

  it('says the success in a live region that was in the page before it', async () => {
    routes(openEvent, acceptsSubmissions, noUploadsYet);
    const user = await pickedAndNamed();
    const region = screen.getByTestId('upload-success');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    await waitFor(() => expect(region).toHaveTextContent('1 dosya başarıyla yüklendi.'));
    expect(screen.getByTestId('upload-success')).toBe(region);
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a deletion in a live region of "Yüklediklerim" that was in the page before it', async () => {
    localStorage.setItem('ani.guest-token.ev1', 'tok1');
    let uploads = [
      {
        id: 'p1',
        name: 'gelin.jpg',
        type: 'image',
        size: 10,
        uploadedAt: '2026-12-05T10:00:00Z',
        state: 'approved',
        thumbnailUrl: '/t/p1.webp',
      },
    ];
    routes(openEvent, (url, init) => {
      if (url === '/api/events/ev1/my-uploads')
        return jsonResponse({ success: true, canDelete: true, uploads });
      if (url === '/api/events/ev1/my-uploads/p1' && init?.method === 'DELETE') {
        uploads = [];
        return jsonResponse({ success: true, message: 'Yüklemeniz silindi.' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Yüklediklerim' });
    const region = screen.getByTestId('my-uploads-news');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'gelin.jpg dosyasını sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(region).toHaveTextContent('Yüklemeniz silindi.'));
    expect(screen.getByTestId('my-uploads-news')).toBe(region);
  });

  it.each([
    ['a computer', false, 'Bağlantı koptu. Yüklemeniz kaydedildi; kaldığı yerden devam etmek için tıklayın.'],
    ['a phone', true, 'Bağlantı koptu. Yüklemeniz kaydedildi; kaldığı yerden devam etmek için dokunun.'],
  ])('asks %s to continue after a lost connection in its own words', async (_, phone, message) => {
    if (phone) onAPhone();
    routes(openEvent, (url, init) => {
      if (isSubmission(url, init)) throw new TypeError('Failed to fetch');
    });
    const user = await pickedAndNamed();
    await user.click(screen.getByRole('button', { name: '1 Dosyayı Yükle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // The picker follows the same choice.
    expect(screen.queryByText(phone ? /Tıklayarak/ : /Dokunarak/)).not.toBeInTheDocument();
  });
});

describe('class names on the guest page', () => {
  it('never carry two conflicting utilities, so the page’s build can join them without tailwind-merge', async () => {
    const { conflictingClassLists, recordedClassLists } = await import('../../../test/class-conflicts');
    // Every test above has drawn the page in one of its states.
    expect(recordedClassLists()).toBeGreaterThan(10);
    expect(await conflictingClassLists()).toEqual([]);
  });
});
