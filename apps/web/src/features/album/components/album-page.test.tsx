import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from '../../../components/ui/toaster';
import { refreshSession } from '../../../lib/session';
import { resetToasts } from '../../../test/toasts';
import { sampleEvent, sampleMediaItem } from '../../../test/album-fixtures';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { AlbumPage } from './album-page';

const event = sampleEvent({
  canAddPhotos: true,
  photoCount: 3,
  usage: { bytes: 3000, maxBytes: 53687091200, maxItems: 20000 },
});
const item = (id: string, uploader: string | null, note: string | null, type: 'image' | 'video' = 'image') =>
  sampleMediaItem(id, {
    type,
    mimeType: type === 'image' ? 'image/jpeg' : 'video/mp4',
    metadata: { uploader, note },
  });
const page = (photos: unknown[], photoCount: number) =>
  jsonResponse({
    success: true,
    photos,
    nextToken: null,
    pagination: { nextToken: null, page: 1, limit: 12, totalPages: 1 },
    photoCount,
    pendingCount: 0,
  });

function renderAlbum(path = '/events/ev1') {
  return renderWithRouter(
    <>
      <Routes>
        <Route path="/events/:eventId" element={<AlbumPage />} />
      </Routes>
      <Toaster />
    </>,
    { path },
  );
}

/** Approval on: the given approved items in the album, and one photo by Can waiting under the review tab. */
function approvalAlbum(approved: ReturnType<typeof item>[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('status=pending')) return page([{ ...item('p9', 'Can', null), status: 'pending' }], 1);
    if (url.includes('/photos')) return page(approved, approved.length);
    return jsonResponse({ success: true, event: { ...event, autoApprovePhotos: false, pendingCount: 1 } });
  });
}

describe('album page', () => {
  it('shows a stranger the failure screen and asks the server nothing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    refreshSession();
    renderAlbum();
    expect(
      await screen.findByText('Etkinlik bilgileri alınamadı. Lütfen etkinlik sahibiyle iletişime geçin.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the same screen for a token that does not own the event', async () => {
    window.sessionStorage.setItem('token', 'someone-else');
    refreshSession();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Etkinlik bulunamadı.' }, 404),
    );
    renderAlbum();
    expect(
      await screen.findByText('Etkinlik bilgileri alınamadı. Lütfen etkinlik sahibiyle iletişime geçin.'),
    ).toBeInTheDocument();
  });

  it('offers a refresh on a server error', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ success: false, message: 'x' }, 500));
    renderAlbum();
    expect(await screen.findByText('Etkinlik bilgileri yüklenirken bir hata oluştu.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sayfayı Yenile' })).toBeInTheDocument();
  });

  it('reports a failed photo list with the failure toast and the inline text', async () => {
    resetToasts();
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/photos')
        ? jsonResponse({ success: false, message: 'x' }, 500)
        : jsonResponse({ success: true, event }),
    );
    renderAlbum();
    expect(
      await screen.findByText('Fotoğraflar yüklenirken bir hata oluştu. Lütfen daha sonra tekrar deneyin.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Fotoğraflar yüklenirken bir hata oluştu.')).toBeInTheDocument();
  });

  it('promotes shared_token, shows the owner the grid, the details and deletes with the Turkish texts', async () => {
    resetToasts();
    // jsdom has no scrolling; the window virtualizer calls it.
    vi.stubGlobal('scrollTo', vi.fn());
    window.localStorage.setItem('shared_token', 'owner-token');
    refreshSession();
    // The server's album, which the deletions change.
    let album = [
      item('p1', 'anonymous', 'Mutluluklar!'),
      item('p2', null, null),
      item('p3', 'Zeynep', null, 'video'),
    ];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'DELETE') {
        const ids = (JSON.parse(String(init.body)) as { photoIds: string[] }).photoIds;
        album = album.filter((p) => !ids.includes(p.id));
        return jsonResponse({
          success: true,
          message: '',
          deleted: ids,
          notFound: [],
          currentPhotoCount: album.length,
        });
      }
      if (url.includes('/photos'))
        return page(/limit=1(&|$)/.test(url) ? album.slice(0, 1) : album, album.length);
      return jsonResponse({ success: true, event });
    });
    const user = userEvent.setup();
    renderAlbum();
    expect(await screen.findByRole('heading', { name: 'Ayşe & Mehmet' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('token')).toBe('owner-token');
    expect(window.localStorage.getItem('shared_token')).toBeNull();
    const auth = new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Authorization');
    expect(auth).toBe('Bearer owner-token');
    expect(screen.getByTestId('album-count')).toHaveTextContent('3 Fotoğraf & Video');
    expect(await screen.findByText('Tüm fotoğraflar yüklendi')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fotoğraf 1 — büyüt' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByText('Misafir')).toBeInTheDocument();
    expect(within(viewer).getByText('Mutluluklar!')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Yakınlaştır' }));
    expect(within(viewer).getByTestId('zoom-level')).toHaveTextContent('%150');
    await user.click(within(viewer).getByRole('button', { name: 'Önceki' }));
    expect(within(viewer).getByText('Video')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Sonraki' }));
    await user.click(within(viewer).getByRole('button', { name: 'Sonraki' }));
    expect(within(viewer).getByText('Anonim')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Fotoğraf 1 seç' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fotoğraf 2 seç' }));
    expect(screen.getByText('2 öğe seçildi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seçilenleri Sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('2 adet fotoğraf silindi.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('album-count')).toHaveTextContent('1 Fotoğraf & Video'));
    // The keyboard goes on from the tile now first, not from the top of the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Video 1 — büyüt' })).toHaveFocus());
    expect(screen.queryByText('2 öğe seçildi')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Video 1 sil' }));
    expect(within(screen.getByRole('alertdialog')).getByRole('heading')).toHaveTextContent('Videoyu Sil');
    expect(
      screen.getByText('Bu videoyu silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.'),
    ).toBeInTheDocument();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Fotoğraf başarıyla silindi.')).toBeInTheDocument();
  });

  it('tells the owner of new uploads without moving the grid under them, and shows them on request', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    const before = [item('p2', 'Ali', null), item('p1', 'Ayşe', null)];
    let arrived = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (!url.includes('/photos')) return jsonResponse({ success: true, event });
      const photos = arrived ? [item('p3', 'Can', 'Yeni geldik!'), ...before] : before;
      return page(/limit=1(&|$)/.test(url) ? photos.slice(0, 1) : photos, photos.length);
    });
    const user = userEvent.setup();
    renderAlbum();
    expect(await screen.findByRole('button', { name: 'Fotoğraf 2 — büyüt' })).toBeInTheDocument();
    // Asked again when the tab comes back to the front (and every half minute): nothing new yet.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Misafirler yeni fotoğraf ve video ekledi.')).not.toBeInTheDocument();

    arrived = true;
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    const notice = await screen.findByText('Misafirler yeni fotoğraf ve video ekledi.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // The count says what the album holds now, and the news says where the rest is.
    expect(screen.getByTestId('album-count')).toHaveTextContent('3 Fotoğraf & Video');
    // The grid stays as the couple left it until they ask.
    expect(screen.queryByRole('button', { name: 'Fotoğraf 3 — büyüt' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Göster' }));
    expect(await screen.findByRole('button', { name: 'Fotoğraf 3 — büyüt' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fotoğraf 1 — büyüt' })).toHaveFocus());
    expect(screen.queryByText('Misafirler yeni fotoğraf ve video ekledi.')).not.toBeInTheDocument();
    focusManager.setFocused(undefined);
  });

  it('keeps the waiting count on the review tab current while guests upload', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    let waiting = 1;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (!url.includes('/photos'))
        return jsonResponse({ success: true, event: { ...event, autoApprovePhotos: false } });
      const body = { success: true, nextToken: null, photoCount: 1, pendingCount: waiting };
      const pagination = { nextToken: null, page: 1, limit: 12, totalPages: 1 };
      if (url.includes('status=pending'))
        return jsonResponse({
          ...body,
          pagination,
          photos: [{ ...item('w1', 'Can', null), status: 'pending' }],
        });
      return jsonResponse({ ...body, pagination, photos: [item('p1', 'Ayşe', null)] });
    });
    renderAlbum();
    expect(await screen.findByLabelText('1 öğe')).toBeInTheDocument();
    waiting = 4;
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(await screen.findByLabelText('4 öğe')).toBeInTheDocument();
    focusManager.setFocused(undefined);
  });

  it('with approval on, the album asks for approved items only and offers Onay Bekleyenler with its count', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      urls.push(url);
      if (url.includes('status=pending')) return page([{ ...item('p9', 'Can', null), status: 'pending' }], 3);
      if (url.includes('/photos')) {
        const body = (await page([item('a1', 'Zeynep', null)], 1).json()) as Record<string, unknown>;
        return jsonResponse({ ...body, pendingCount: 2 });
      }
      return jsonResponse({ success: true, event: { ...event, autoApprovePhotos: false, pendingCount: 2 } });
    });
    const user = userEvent.setup();
    renderAlbum();
    const tab = await screen.findByRole('tab', { name: /Onay Bekleyenler/ });
    expect(within(tab).getByTestId('pending-count')).toHaveTextContent('2');
    expect(urls.find((u) => u.includes('/photos'))).toContain('status=approved');
    await user.click(tab);
    expect(await screen.findAllByTestId('pending-item')).toHaveLength(1);
  });

  it("hides the album tab's selection bar on Onay Bekleyenler, and brings it back with the same selection", async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    approvalAlbum([item('a1', 'Zeynep', null), item('a2', 'Ali', null)]);
    const user = userEvent.setup();
    renderAlbum();
    await user.click(await screen.findByRole('checkbox', { name: 'Fotoğraf 1 seç' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fotoğraf 2 seç' }));
    expect(screen.getByRole('region', { name: 'Seçim' })).toHaveTextContent('2 öğe seçildi');
    await user.click(screen.getByRole('tab', { name: /Onay Bekleyenler/ }));
    expect(await screen.findAllByTestId('pending-item')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Seçim' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Albüm/ }));
    expect(screen.getByRole('region', { name: 'Seçim' })).toHaveTextContent('2 öğe seçildi');
  });

  it('keeps the open tab in the address, so a reload stays on it, without adding a step to "back"', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    approvalAlbum([item('a1', 'Zeynep', null)]);
    const user = userEvent.setup();
    const { router } = renderAlbum('/events/ev1?x=1');
    await user.click(await screen.findByRole('tab', { name: /Onay Bekleyenler/ }));
    expect(await screen.findAllByTestId('pending-item')).toHaveLength(1);
    expect(router.state.location.search).toBe('?x=1&view=pending');
    expect(router.state.historyAction).toBe('REPLACE');
    await user.click(screen.getByRole('tab', { name: /Albüm/ }));
    expect(router.state.location.search).toBe('?x=1');
    expect(screen.getByRole('tab', { name: /Albüm/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('with automatic approval and nothing waiting, the album has no review tab', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/photos')
        ? page([item('a1', 'Zeynep', null)], 1)
        : jsonResponse({ success: true, event }),
    );
    renderAlbum();
    expect(await screen.findByRole('button', { name: /Fotoğraf 1 — büyüt/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Onay Bekleyenler/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Canlı Duvar' })).toBeInTheDocument();
  });

  it("opens on Onay Bekleyenler when the link asks for it (?view=pending, the dashboard's count)", async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    approvalAlbum([item('a1', 'Zeynep', null)]);
    renderAlbum('/events/ev1?view=pending');
    const tab = await screen.findByRole('tab', { name: /Onay Bekleyenler/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findAllByTestId('pending-item')).toHaveLength(1);
  });

  it('stops a tab panel the keyboard focuses below the sticky header (a browser does the scrolling)', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    approvalAlbum([item('a1', 'Zeynep', null)]);
    const user = userEvent.setup();
    renderAlbum();
    const albumTab = await screen.findByRole('tab', { name: 'Albüm' });
    await screen.findByRole('button', { name: /Fotoğraf 1 — büyüt/ });
    albumTab.focus();
    await user.tab();
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveFocus();
    expect(panel.style.scrollMarginTop).toBe(
      'calc(var(--sticky-offset, 0px) + var(--sticky-bar, 0px) + 0.5rem)',
    );
  });

  it('with nothing approved yet, the empty album says how many wait and leads to Onay Bekleyenler', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('status=pending')) return page([{ ...item('p9', 'Can', null), status: 'pending' }], 0);
      if (url.includes('/photos')) {
        const body = (await page([], 0).json()) as Record<string, unknown>;
        return jsonResponse({ ...body, pendingCount: 4 });
      }
      return jsonResponse({
        success: true,
        event: { ...event, autoApprovePhotos: false, photoCount: 0, pendingCount: 4 },
      });
    });
    const user = userEvent.setup();
    renderAlbum();
    // Guests did upload: the album says what waits, not that nothing was added.
    expect(await screen.findByText('Henüz Onaylanmış Fotoğraf Yok')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Misafirlerinizin yüklediği 4 öğe onayınızı bekliyor; onayladıklarınız albümde görünür.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Henüz Fotoğraf Yok')).not.toBeInTheDocument();
    expect(screen.queryByText('Bu etkinliğe henüz fotoğraf eklenmemiş.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Onay Bekleyenlere Git' }));
    const tab = screen.getByRole('tab', { name: /Onay Bekleyenler/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveFocus();
    expect(await screen.findAllByTestId('pending-item')).toHaveLength(1);
  });

  it('with nothing waiting, the empty album says only that it is empty', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/photos')
        ? page([], 0)
        : jsonResponse({ success: true, event: { ...event, autoApprovePhotos: false, photoCount: 0 } }),
    );
    renderAlbum();
    expect(await screen.findByText('Henüz Fotoğraf Yok')).toBeInTheDocument();
    expect(screen.getByText('Bu etkinliğe henüz fotoğraf eklenmemiş.')).toBeInTheDocument();
    expect(screen.queryByText(/onayınızı bekliyor/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Onay Bekleyenlere Git' })).not.toBeInTheDocument();
  });

  // The twins: approving an item still waiting, and one deleted on another device meanwhile (the
  // server answers 404 for it). Either way the tab's count follows at once, not at the next refetch.
  it.each([
    { case: 'still waiting', gone: false },
    { case: 'deleted elsewhere', gone: true },
  ])("approving an item $case brings the review tab's count down at once", async ({ gone }) => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let waiting = ['w1', 'w2'];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/photos/approve')) {
        const { photoIds } = JSON.parse(String(init?.body)) as { photoIds: string[] };
        const approved = photoIds.filter((id) => waiting.includes(id));
        if (approved.length === 0)
          return jsonResponse(
            {
              success: false,
              message: 'Seçtiğiniz fotoğraf ve videolar bu albümde bulunamadı; silinmiş olabilirler.',
            },
            404,
          );
        waiting = waiting.filter((id) => !approved.includes(id));
        return jsonResponse({
          success: true,
          message: 'Fotoğraf onaylandı ve albüme eklendi.',
          approved,
          notFound: [],
          currentPhotoCount: 2,
          pendingCount: waiting.length,
        });
      }
      if (!url.includes('/photos'))
        return jsonResponse({
          success: true,
          event: { ...event, autoApprovePhotos: false, pendingCount: waiting.length },
        });
      const photos = url.includes('status=pending')
        ? waiting.map((id) => ({ ...item(id, 'Can', null), status: 'pending' }))
        : [item('p1', 'Ayşe', null)];
      return jsonResponse({
        success: true,
        photos,
        nextToken: null,
        pagination: { nextToken: null, page: 1, limit: 12, totalPages: 1 },
        photoCount: 1,
        pendingCount: waiting.length,
      });
    });
    const user = userEvent.setup();
    renderAlbum('/events/ev1?view=pending');
    const tab = await screen.findByRole('tab', { name: /Onay Bekleyenler/ });
    expect(within(tab).getByTestId('pending-count')).toHaveTextContent('2');
    const approve = await screen.findByRole('button', { name: 'Fotoğraf 1 onayla' });
    if (gone) waiting = ['w2'];
    await user.click(approve);
    await waitFor(() => expect(within(tab).getByTestId('pending-count')).toHaveTextContent('1'));
    expect(screen.getAllByTestId('pending-item')).toHaveLength(1);
  });
});
