import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/ui/toaster';
import { refreshSession } from '../../../lib/session';
import { resetToasts } from '../../../test/toasts';
import { sampleMediaItem } from '../../../test/album-fixtures';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { albumNewestQuery, pendingPollMs } from '../api/album-api';
import { PendingPanel } from './pending-panel';

const item = (id: string, uploader: string | null, note: string | null) =>
  sampleMediaItem(id, { url: `/media/${id}-thumb`, status: 'pending', metadata: { uploader, note } });
const list = (photos: unknown[]) =>
  jsonResponse({
    success: true,
    photos,
    nextToken: null,
    pagination: { nextToken: null, page: 1, limit: 100, totalPages: 1 },
    photoCount: 4,
    pendingCount: photos.length,
  });
const notFoundText = 'Seçtiğiniz fotoğraf ve videolar bu albümde bulunamadı; silinmiş olabilirler.';

type Call = { url: string; method: string; body: unknown };

/**
 * A server holding `pending`, listed in pages of `limit` as the real one does; approve and delete
 * take items out of it, and answer for ids it does not hold as the real one does (approve: 404 when
 * none is there; delete: 200 with them in `notFound`). `deleteElsewhere` is another tab's delete.
 */
function server(initial: ReturnType<typeof item>[], options: { failApprove?: boolean } = {}) {
  let pending = [...initial];
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as { photoIds: string[] }) : undefined;
    calls.push({ url, method, body });
    const held = (ids: string[]) => ids.filter((id) => pending.some((p) => p.id === id));
    if (url.includes('/photos/approve')) {
      if (options.failApprove) return jsonResponse({ success: false, message: 'Sunucu meşgul' }, 503);
      const approved = held(body!.photoIds);
      if (approved.length === 0) return jsonResponse({ success: false, message: notFoundText }, 404);
      pending = pending.filter((p) => !approved.includes(p.id));
      return jsonResponse({
        success: true,
        message: `${approved.length} dosya onaylandı ve albüme eklendi.`,
        approved,
        notFound: body!.photoIds.filter((id) => !approved.includes(id)),
        currentPhotoCount: 4 + approved.length,
        pendingCount: pending.length,
      });
    }
    if (method === 'DELETE') {
      const deleted = held(body!.photoIds);
      pending = pending.filter((p) => !deleted.includes(p.id));
      return jsonResponse({
        success: true,
        message: 'ok',
        deleted,
        notFound: body!.photoIds.filter((id) => !deleted.includes(id)),
        currentPhotoCount: 4,
      });
    }
    const query = new URL(url, 'http://localhost').searchParams;
    const limit = Number(query.get('limit') ?? 100);
    const page = Number(query.get('page') ?? 1);
    const photos = pending.slice((page - 1) * limit, page * limit);
    const nextToken = pending.length > page * limit ? `after-${page}` : null;
    return jsonResponse({
      success: true,
      photos,
      nextToken,
      pagination: { nextToken, page, limit, totalPages: Math.ceil(pending.length / limit) },
      photoCount: 4,
      pendingCount: pending.length,
    });
  });
  const deleteElsewhere = (id: string) => {
    pending = pending.filter((p) => p.id !== id);
  };
  return Object.assign(calls, { deleteElsewhere });
}

function renderPanel() {
  window.sessionStorage.setItem('token', 't');
  refreshSession();
  resetToasts();
  return renderWithRouter(
    <>
      <PendingPanel eventId="ev1" />
      <Toaster />
    </>,
  );
}

describe('Onay Bekleyenler', () => {
  it('lists only pending items, with name and note, and approves the selected ones in one call', async () => {
    const calls = server([
      item('p1', 'Zeynep', 'Çok güzel!'),
      item('p2', null, null),
      item('p3', 'Can', null),
    ]);
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findAllByTestId('pending-item')).toHaveLength(3);
    expect(calls[0]!.url).toContain('status=pending');
    expect(screen.getByText('“Çok güzel!”')).toBeInTheDocument();
    expect(screen.getByText('İsimsiz misafir')).toBeInTheDocument();

    const approveSelected = screen.getByRole('button', { name: 'Seçilenleri Onayla' });
    expect(approveSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Fotoğraf 1 seç' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fotoğraf 3 seç' }));
    await user.click(screen.getByRole('button', { name: 'Seçilenleri Onayla (2)' }));

    const approve = calls.find((c) => c.url.endsWith('/events/ev1/photos/approve'))!;
    expect(approve.method).toBe('POST');
    expect(approve.body).toEqual({ photoIds: ['p1', 'p3'] });
    expect(await screen.findByText('2 dosya onaylandı ve albüme eklendi.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Seçilenleri Onayla' })).toBeDisabled();
  });

  it('opens a long note in full before the host approves it, and keeps a short one as it is', async () => {
    const long = `${'Sevgili Elif ve Can, '.repeat(6)}sonsuza dek mutlu olun.`;
    server([item('p1', 'Zeynep', long), item('p2', 'Can', 'Kısa not')]);
    const user = userEvent.setup();
    renderPanel();
    const [first, second] = await screen.findAllByTestId('pending-item');
    const note = within(first!).getByText(`“${long}”`);
    expect(note).toHaveClass('line-clamp-2');
    const more = within(first!).getByRole('button', { name: 'Notun tamamı' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(note).not.toHaveClass('line-clamp-2');
    expect(within(first!).getByRole('button', { name: 'Kısalt' })).toHaveAttribute('aria-expanded', 'true');
    // A note that fits its two lines offers nothing more.
    expect(within(second!).queryByRole('button', { name: 'Notun tamamı' })).not.toBeInTheDocument();
  });

  it('approves one item from its own button; "Tümünü Seç" selects every listed item', async () => {
    const calls = server([item('p1', 'Zeynep', null), item('p2', 'Can', null)]);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Tümünü Seç' }));
    expect(screen.getByRole('button', { name: 'Seçilenleri Onayla (2)' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Tümünü Seç' }));
    expect(screen.getByRole('button', { name: 'Seçilenleri Onayla' })).toBeDisabled();

    // Named by position, each card's controls also say whose upload they act on.
    const approveCan = screen.getByRole('button', { name: 'Fotoğraf 2 onayla' });
    expect(approveCan).toHaveAccessibleDescription(/^Can\b/);
    expect(screen.getByRole('button', { name: 'Fotoğraf 1 reddet' })).toHaveAccessibleDescription(
      /^Zeynep\b/,
    );
    expect(screen.getByRole('checkbox', { name: 'Fotoğraf 2 seç' })).toHaveAccessibleDescription(/^Can\b/);
    await user.click(approveCan);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/photos/approve'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/photos/approve'))!.body).toEqual({ photoIds: ['p2'] });
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(1));
  });

  it('rejects only after the confirmation, by deleting; "Vazgeç" deletes nothing', async () => {
    const calls = server([item('p1', 'Zeynep', null), item('p2', 'Can', null)]);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Fotoğraf 1 reddet' }));
    let dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(/onaylanmadan kalıcı olarak silinecek/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Fotoğraf 1 reddet' }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url).toContain('/events/ev1/photo');
    expect(del.body).toEqual({ photoIds: ['p1'] });
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(1));
    expect(await screen.findByText('Fotoğraf başarıyla silindi.')).toBeInTheDocument();
  });

  it('keeps the items and says so when approving fails', async () => {
    server([item('p1', 'Zeynep', null)], { failApprove: true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Fotoğraf 1 onayla' }));
    expect(await screen.findByText('Sunucu meşgul')).toBeInTheDocument();
    expect(screen.getAllByTestId('pending-item')).toHaveLength(1);
  });

  it('shows the empty state when nothing waits', async () => {
    server([]);
    renderPanel();
    expect(await screen.findByText('Onay bekleyen fotoğraf veya video yok.')).toBeInTheDocument();
  });

  it('shows the error with a retry that works', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      fail ? jsonResponse({ success: false, message: 'x' }, 500) : list([item('p1', 'Zeynep', null)]),
    );
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Onay bekleyenler yüklenirken bir hata oluştu.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    expect(await screen.findAllByTestId('pending-item')).toHaveLength(1);
  });
});

describe('Onay Bekleyenler by keyboard', () => {
  it("after approving one, the focus is on the next waiting item's approve button, then on the heading", async () => {
    server([item('p1', 'Zeynep', null), item('p2', 'Can', null), item('p3', 'Ela', null)]);
    const user = userEvent.setup();
    renderPanel();
    const second = await screen.findByRole('button', { name: 'Fotoğraf 2 onayla' });
    second.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(2));
    // p3 moved up to the second place: its button has the focus, not <body>.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fotoğraf 2 onayla' })).toHaveFocus());
    expect(document.activeElement?.closest('[data-testid="pending-item"]')).toHaveTextContent('Ela');

    // The last in the list: the one before it is next.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fotoğraf 1 onayla' })).toHaveFocus());

    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Onay bekleyen fotoğraf veya video yok.' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('after "Seçilenleri Onayla" and after a rejection the focus stays in the list', async () => {
    server([item('p1', 'Zeynep', null), item('p2', 'Can', null), item('p3', 'Ela', null)]);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Fotoğraf 1 seç' }));
    screen.getByRole('button', { name: 'Seçilenleri Onayla (1)' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fotoğraf 1 onayla' })).toHaveFocus());

    screen.getByRole('button', { name: 'Fotoğraf 1 reddet' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reddet' }));
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fotoğraf 1 onayla' })).toHaveFocus());
    expect(document.activeElement?.closest('[data-testid="pending-item"]')).toHaveTextContent('Ela');
  });

  it('a failed approval gives the focus back to the button that was pressed', async () => {
    server([item('p1', 'Zeynep', null), item('p2', 'Can', null)], { failApprove: true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPanel();
    const second = await screen.findByRole('button', { name: 'Fotoğraf 2 onayla' });
    second.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Sunucu meşgul')).toBeInTheDocument();
    await waitFor(() => expect(second).toHaveFocus());
  });
});

describe('Onay Bekleyenler: an item deleted on another tab or device', () => {
  // The twin cases: the same press, the item still waiting or already gone. Both end the same way
  // for the list and the keyboard; only the toast differs.
  it.each([
    { case: 'still waiting', gone: false, toast: '1 dosya onaylandı ve albüme eklendi.' },
    { case: 'deleted elsewhere', gone: true, toast: notFoundText },
  ])(
    'approving an item $case: the toast, the card leaves at once, the focus moves to the next waiting item',
    async ({ gone, toast }) => {
      const calls = server([item('p1', 'Zeynep', null), item('p2', 'Can', null), item('p3', 'Ela', null)]);
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const user = userEvent.setup();
      renderPanel();
      const second = await screen.findByRole('button', { name: 'Fotoğraf 2 onayla' });
      if (gone) calls.deleteElsewhere('p2');
      const reads = calls.filter((c) => c.method === 'GET').length;
      second.focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByText(toast)).toBeInTheDocument();
      // Read again at once (not at the next half-minute refetch): Can's card is gone.
      await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(2));
      expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(reads);
      expect(screen.queryByText('Can')).not.toBeInTheDocument();
      // Ela moved up to the second place and has the focus, not the dead button nor <body>.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Fotoğraf 2 onayla' })).toHaveFocus());
      expect(document.activeElement?.closest('[data-testid="pending-item"]')).toHaveTextContent('Ela');
    },
  );

  it('the last one deleted elsewhere: the empty state, its heading focused', async () => {
    const calls = server([item('p1', 'Zeynep', null)]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPanel();
    const approve = await screen.findByRole('button', { name: 'Fotoğraf 1 onayla' });
    calls.deleteElsewhere('p1');
    approve.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(notFoundText)).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { name: 'Onay bekleyen fotoğraf veya video yok.' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('"Seçilenleri Onayla" with every selected one deleted elsewhere: the selection empties, the cards leave', async () => {
    const calls = server([item('p1', 'Zeynep', null), item('p2', 'Can', null), item('p3', 'Ela', null)]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Fotoğraf 1 seç' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fotoğraf 2 seç' }));
    calls.deleteElsewhere('p1');
    calls.deleteElsewhere('p2');
    await user.click(screen.getByRole('button', { name: 'Seçilenleri Onayla (2)' }));
    expect(await screen.findByText(notFoundText)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Seçilenleri Onayla' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fotoğraf 1 onayla' })).toHaveFocus());
  });

  it('rejecting an item deleted elsewhere says it was not found (not "silindi") and the card leaves', async () => {
    const calls = server([item('p1', 'Zeynep', null), item('p2', 'Can', null)]);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Fotoğraf 1 reddet' }));
    calls.deleteElsewhere('p1');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reddet' }));
    expect(await screen.findByText(notFoundText)).toBeInTheDocument();
    expect(screen.queryByText('Fotoğraf başarıyla silindi.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fotoğraf 1 onayla' })).toHaveFocus());
    expect(document.activeElement?.closest('[data-testid="pending-item"]')).toHaveTextContent('Can');
  });
});

describe('Onay Bekleyenler: "Tümünü Seç" with more waiting than loaded', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => item(`p${i + 1}`, `Misafir ${i + 1}`, null));

  it('says that the selection is the loaded 100 of 111, and shows and selects the other 11 on request', async () => {
    const calls = server(many(111));
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findAllByTestId('pending-item')).toHaveLength(100);
    await user.click(screen.getByRole('checkbox', { name: 'Tümünü Seç' }));
    expect(screen.getByRole('button', { name: 'Seçilenleri Onayla (100)' })).toBeEnabled();
    expect(screen.getByTestId('pending-selection-note')).toHaveTextContent(
      '100 öğe seçildi · 11 öğe henüz yüklenmedi.',
    );

    await user.click(screen.getByRole('button', { name: '11 öğe daha göster ve seç' }));
    await waitFor(() => expect(screen.getAllByTestId('pending-item')).toHaveLength(111));
    expect(screen.getByRole('button', { name: 'Seçilenleri Onayla (111)' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Tümünü Seç' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Fotoğraf 111 seç' })).toBeChecked();
    // Nothing left behind: the note and its button are gone, the keyboard is back on "Tümünü Seç".
    expect(screen.queryByText(/henüz yüklenmedi/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /öğe daha göster ve seç/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Tümünü Seç' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Seçilenleri Onayla (111)' }));
    const approve = calls.find((c) => c.url.endsWith('/photos/approve'))!;
    expect((approve.body as { photoIds: string[] }).photoIds).toHaveLength(111);
    expect(await screen.findByText('Onay bekleyen fotoğraf veya video yok.')).toBeInTheDocument();
  });

  it('more than a page behind: the button offers the next 100, then the rest', async () => {
    server(many(211));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Tümünü Seç' }));
    expect(screen.getByTestId('pending-selection-note')).toHaveTextContent(
      '100 öğe seçildi · 111 öğe henüz yüklenmedi.',
    );
    const more = screen.getByRole('button', { name: '100 öğe daha göster ve seç' });
    await user.click(more);
    expect(await screen.findByRole('button', { name: 'Seçilenleri Onayla (200)' })).toBeEnabled();
    expect(screen.getByTestId('pending-selection-note')).toHaveTextContent(
      '200 öğe seçildi · 11 öğe henüz yüklenmedi.',
    );
    // The same button, now for the rest: the focus stayed on it.
    expect(screen.getByRole('button', { name: '11 öğe daha göster ve seç' })).toHaveFocus();
  });

  it('with everything loaded, "Tümünü Seç" is all of them and says nothing more', async () => {
    const calls = server(many(3));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Tümünü Seç' }));
    expect(screen.queryByText(/henüz yüklenmedi/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seçilenleri Onayla (3)' }));
    expect(calls.find((c) => c.url.endsWith('/photos/approve'))!.body).toEqual({
      photoIds: ['p1', 'p2', 'p3'],
    });
    expect(await screen.findByText('Onay bekleyen fotoğraf veya video yok.')).toBeInTheDocument();
  });

  it('a selection of some loaded items says nothing about the rest (its count is already the truth)', async () => {
    server(many(111));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Tümünü Seç' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fotoğraf 5 seç' }));
    expect(screen.getByRole('button', { name: 'Seçilenleri Onayla (99)' })).toBeEnabled();
    expect(screen.queryByText(/henüz yüklenmedi/)).not.toBeInTheDocument();
  });
});

describe('Onay Bekleyenler: the cards', () => {
  it('shows a guest who gave no name as "Misafir", never the stored word "anonymous"', async () => {
    server([item('p1', 'anonymous', null), item('p2', 'Zeynep', null)]);
    renderPanel();
    const [first, second] = await screen.findAllByTestId('pending-item');
    expect(within(first!).getByTestId('pending-uploader')).toHaveTextContent(/^Misafir$/);
    expect(screen.queryByText('anonymous')).not.toBeInTheDocument();
    expect(within(second!).getByTestId('pending-uploader')).toHaveTextContent(/^Zeynep$/);
  });

  it('wraps a long name instead of cutting it off', async () => {
    const long = 'Ayşe Fatma Zeynep Elif Gülizar Nurhayat Yılmaz-Karaosmanoğlu ve bütün ailesi';
    server([item('p1', long, null)]);
    renderPanel();
    const name = await screen.findByTestId('pending-uploader');
    expect(name).toHaveTextContent(long);
    expect(name).not.toHaveClass('truncate');
    expect(name.className).toContain('[overflow-wrap:anywhere]');
  });

  it('opens a HEIC photo large as its preview (a tab cannot show the original), others as the original', async () => {
    const heic = { ...item('h1', 'Can', null), mimeType: 'image/heic', url: '/media/h1-preview' };
    // Not derived yet: its `url` is still the original.
    const pendingHeic = {
      ...item('h2', 'Can', null),
      mimeType: 'image/heif',
      processed: false,
      url: '/media/h2',
    };
    const calls = server([heic, item('j1', 'Can', null), pendingHeic]);
    renderPanel();
    await screen.findAllByTestId('pending-item');
    // The list's `url` is the preview (the cards themselves show the thumbnail).
    expect(calls[0]!.url).toContain('thumbnail=false');
    expect(screen.getByRole('link', { name: 'Fotoğraf 1 — büyük aç' })).toHaveAttribute(
      'href',
      '/media/h1-preview',
    );
    expect(screen.getByRole('link', { name: 'Fotoğraf 2 — büyük aç' })).toHaveAttribute('href', '/media/j1');
    // No preview yet: no link that would only download the original.
    expect(screen.queryByRole('link', { name: 'Fotoğraf 3 — büyük aç' })).not.toBeInTheDocument();
  });

  it('counts the selection on "Reddet" as on "Seçilenleri Onayla"', async () => {
    server([item('p1', 'Zeynep', null), item('p2', 'Can', null), item('p3', 'Ali', null)]);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Fotoğraf 1 seç' }));
    await user.click(screen.getByRole('checkbox', { name: 'Fotoğraf 3 seç' }));
    expect(screen.getByRole('button', { name: 'Seçilenleri Onayla (2)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Reddet (2)' }));
    expect(within(screen.getByRole('alertdialog')).getByText(/Seçilen 2 öğe/)).toBeInTheDocument();
  });

  it('keeps a focused card control clear of the header and of the sticky "Tümünü Seç" bar', async () => {
    server([item('p1', 'Zeynep', 'Not')]);
    renderPanel();
    const card = (await screen.findAllByTestId('pending-item'))[0]!;
    const section = screen.getByRole('region', { name: 'Onay Bekleyenler' });
    // jsdom measures nothing: the bar's height is the one-line estimate until measured.
    expect(section.style.getPropertyValue('--sticky-bar')).toBe('3.25rem');
    const controls = [
      within(card).getByRole('link', { name: 'Fotoğraf 1 — büyük aç' }),
      within(card).getByRole('checkbox', { name: 'Fotoğraf 1 seç' }),
      within(card).getByRole('button', { name: 'Fotoğraf 1 onayla' }),
      within(card).getByRole('button', { name: 'Fotoğraf 1 reddet' }),
    ];
    for (const control of controls) {
      expect(control.style.scrollMarginTop).toBe(
        'calc(var(--sticky-offset, 0px) + var(--sticky-bar, 0px) + 0.5rem)',
      );
    }
  });
});

describe('Onay Bekleyenler: asking the server again', () => {
  afterEach(() => {
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });

  const listReads = (calls: Call[]) =>
    calls.filter((c) => c.method === 'GET' && c.url.includes('status=pending')).length;

  it('reads the list again every 10 s while the page is in front, and not while it is in the background', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = server([item('p1', 'Zeynep', null)]);
    renderPanel();
    await screen.findAllByTestId('pending-item');
    expect(listReads(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(listReads(calls)).toBe(2);

    focusManager.setFocused(false);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(listReads(calls)).toBe(2);
  });

  it("the review tab's badge asks as often as the list, and not in the background either", () => {
    const badge = albumNewestQuery('ev1');
    expect(pendingPollMs).toBe(10_000);
    expect(badge.refetchInterval).toBe(pendingPollMs);
    expect(badge.refetchIntervalInBackground).toBe(false);
  });
});
