import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/ui/toaster';
import { refreshSession } from '../../../lib/session';
import { resetToasts } from '../../../test/toasts';
import { photoPage, sampleEvent, sampleMediaItem } from '../../../test/album-fixtures';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { EventsPage } from './events-page';

const event = sampleEvent();
const emptyPhotos = jsonResponse(photoPage([], { limit: 4 }));

describe('events page', () => {
  it('shows the empty state and reports the first form error in a "Form Hatası" toast', async () => {
    resetToasts();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ success: true, events: [] }));
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <EventsPage />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('Henüz Etkinliğiniz Yok')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yeni Etkinlik' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Etkinlik Adı'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Etkinliği Oluştur' }));
    expect(await screen.findByText('Form Hatası')).toBeInTheDocument();
    expect(screen.getAllByText('Etkinlik adı en az 3 karakter olmalıdır').length).toBeGreaterThan(0);
  });

  it('expands a card into its tabs: status line, empty album, no download without photos, QR link, collapse', async () => {
    resetToasts();
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/photos')
        ? emptyPhotos.clone()
        : jsonResponse({ success: true, events: [event] }),
    );
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <EventsPage />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('Fotoğraf ve Videolar (0)')).toBeInTheDocument();
    expect(screen.getByText('5 Aralık 2026')).toBeInTheDocument();
    expect(await screen.findByText('Henüz Fotoğraf Yok')).toBeInTheDocument();
    expect(screen.getByText('Etkinlik tamamlandı')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Albümü İndir' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'QR Kod' }));
    expect(screen.getByTestId('upload-link')).toHaveTextContent('/events/ev1/aye--mehmet/upload-image-page');
    await user.click(screen.getByRole('button', { name: /Ayşe & Mehmet/ }));
    expect(screen.queryByRole('tab', { name: 'QR Kod' })).not.toBeInTheDocument();
  });

  it('previews approved photos only, and the download offers the ones awaiting approval', async () => {
    resetToasts();
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (!url.includes('/photos'))
        return jsonResponse({
          success: true,
          events: [
            { ...event, canAddPhotos: true, autoApprovePhotos: false, photoCount: 0, pendingCount: 2 },
          ],
        });
      asked.push(url);
      return jsonResponse({
        success: true,
        photos: [],
        nextToken: null,
        pagination: { nextToken: null, page: 1, limit: 4, totalPages: 0 },
        photoCount: 0,
        pendingCount: 2,
      });
    });
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <EventsPage />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('Fotoğraf ve Videolar (0)')).toBeInTheDocument();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => new URL(url, 'http://x').searchParams.get('status') === 'approved')).toBe(
      true,
    );
    // Nothing approved yet, two waiting: the download is there, and asks about them.
    await user.click(screen.getByRole('button', { name: 'Albümü İndir' }));
    expect(
      await screen.findByRole('checkbox', { name: 'Onay bekleyen 2 öğeyi de indir' }),
    ).toBeInTheDocument();
  });

  it("reports a failed preview with the album page's text, not the server's generic one", async () => {
    resetToasts();
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/photos')
        ? jsonResponse({ success: false, message: 'Sunucu meşgul' }, 503)
        : jsonResponse({ success: true, events: [{ ...event, photoCount: 2 }] }),
    );
    renderWithRouter(
      <>
        <EventsPage />
        <Toaster />
      </>,
    );
    expect(
      await screen.findByText('Fotoğraflar yüklenirken bir hata oluştu. Lütfen daha sonra tekrar deneyin.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Fotoğraflar yüklenirken bir hata oluştu.')).toBeInTheDocument();
    expect(screen.queryByText('Sunucu meşgul')).not.toBeInTheDocument();
  });

  it('says the details could not be loaded when the save worked but the re-read failed', async () => {
    resetToasts();
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/photos')) return emptyPhotos.clone();
      if (url.includes('/events/update'))
        return jsonResponse({ success: true, event: { ...event, canAddPhotos: true } });
      if (url.endsWith('/events/ev1')) return jsonResponse({ success: false, message: 'Hata' }, 500);
      return jsonResponse({ success: true, events: [event] });
    });
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <EventsPage />
        <Toaster />
      </>,
    );
    await user.click(await screen.findByRole('tab', { name: 'Ayarlar' }));
    await user.click(screen.getByRole('radio', { name: /^Açık/ }));
    expect(
      await screen.findByText('Etkinlik detayları yüklenirken bir hata oluştu.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});

/** The events page against a server holding `events`, each event's preview answering `preview`. */
function renderEvents(
  events: unknown[],
  preview: (url: string) => unknown = () => photoPage([], { limit: 4 }),
) {
  resetToasts();
  window.sessionStorage.setItem('token', 't');
  refreshSession();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    return url.includes('/photos') ? jsonResponse(preview(url)) : jsonResponse({ success: true, events });
  });
  return renderWithRouter(
    <>
      <EventsPage />
      <Toaster />
    </>,
    { path: '/events' },
  );
}

describe('events page: items awaiting approval', () => {
  it("an album with only waiting items says they wait, and leads to that event's review tab", async () => {
    renderEvents([{ ...event, autoApprovePhotos: false, photoCount: 0, pendingCount: 2 }], () =>
      photoPage([], { limit: 4, photoCount: 0, pendingCount: 2 }),
    );
    const empty = await screen.findByTestId('empty-but-pending');
    expect(within(empty).getByText('Henüz Onaylanmış Fotoğraf Yok')).toBeInTheDocument();
    expect(
      within(empty).getByText(
        'Misafirlerinizin yüklediği 2 öğe onayınızı bekliyor; onayladıklarınız albümde görünür.',
      ),
    ).toBeInTheDocument();
    // Not the empty album's "nothing was added".
    expect(screen.queryByText('Bu etkinliğe henüz fotoğraf eklenmemiş.')).not.toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Onay Bekleyenlere Git' })).toHaveAttribute(
      'href',
      '/events/ev1?view=pending',
    );
  });

  it('says which count is which: the approved in the heading, the waiting ones beside it and in the usage', async () => {
    const photos = ['a', 'b', 'c', 'd'].map((id) => sampleMediaItem(id));
    renderEvents([{ ...event, photoCount: 4, pendingCount: 1 }], () =>
      photoPage(photos, { limit: 4, photoCount: 4, pendingCount: 1 }),
    );
    expect(await screen.findByText('Fotoğraf ve Videolar (4)')).toBeInTheDocument();
    expect(await screen.findByTestId('approved-only-note')).toHaveTextContent(
      'Bu sayı yalnızca onaylananları içerir; 1 öğe daha onayınızı bekliyor.',
    );
    expect(screen.getByTestId('album-usage')).toHaveTextContent('5 / 20.000 dosya (1 onay bekleyen dahil)');
    expect(screen.getByRole('link', { name: '1 öğe onayınızı bekliyor' })).toHaveAttribute(
      'href',
      '/events/ev1?view=pending',
    );
  });

  it('shows the waiting line only on the cards of events that have waiting items', async () => {
    renderEvents([
      { ...event, pendingCount: 3 },
      { ...event, id: 'ev2', eventId: 'ev2', title: 'Elif & Can', pendingCount: 0 },
    ]);
    const link = await screen.findByRole('link', { name: '3 öğe onayınızı bekliyor' });
    expect(link).toHaveAttribute('href', '/events/ev1?view=pending');
    expect(screen.getAllByText(/onayınızı bekliyor/)).toHaveLength(1);
  });

  it('names each preview tile after its event and place, not one text for every tile', async () => {
    const photos = [sampleMediaItem('a'), sampleMediaItem('b', { type: 'video', mimeType: 'video/mp4' })];
    renderEvents([{ ...event, photoCount: 2 }], () => photoPage(photos, { limit: 4 }));
    expect(
      await screen.findByRole('button', { name: 'Ayşe & Mehmet albümünün 1. fotoğrafını aç' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Ayşe & Mehmet albümünün 2. videosunu aç' }),
    ).toBeInTheDocument();
  });
});
