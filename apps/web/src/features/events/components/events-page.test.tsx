import { describe, expect, it, vi } from 'vitest';
import { stockCoverSet } from '@ani/contract/events';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/ui/toaster';
import { refreshSession } from '../../../lib/session';
import { resetToasts } from '../../../test/toasts';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { EventsPage } from './events-page';

const event = {
  id: 'ev1',
  eventId: 'ev1',
  title: 'Ayşe & Mehmet',
  eventDate: '2026-12-05T12:00:00.000Z',
  description: null,
  coverImage: '/images/covers/cover-1.jpg',
  cover: stockCoverSet('/images/covers/cover-1.jpg'),
  isGalleryPublic: false,
  canAddPhotos: false,
  autoApprovePhotos: true,
  cardTheme: null,
  photoCount: 0,
  pendingCount: 0,
  usage: { bytes: 0, maxBytes: 53687091200, maxItems: 20000 },
  createdAt: '2026-11-01T10:00:00.000Z',
  retainedUntil: '2027-12-05T12:00:00.000Z',
  archivedAt: null,
};
const emptyPhotos = jsonResponse({
  success: true,
  photos: [],
  nextToken: null,
  pagination: { nextToken: null, page: 1, limit: 4, totalPages: 0 },
  photoCount: 0,
  pendingCount: 0,
});

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
