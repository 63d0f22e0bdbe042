import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Event } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { refreshSession } from '../../../lib/session';
import { sampleEvent } from '../../../test/album-fixtures';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { DashboardHomePage } from './dashboard-home-page';

const event: Event = sampleEvent({
  canAddPhotos: true,
  autoApprovePhotos: false,
  photoCount: 12,
  pendingCount: 3,
  usage: { bytes: 3000, maxBytes: 53687091200, maxItems: 20000 },
});

/** The home page against a server that holds `events`; the wedding is left unanswered (not a 404). */
function renderHome(events: Event[], deletionScheduledAt: string | null = null) {
  window.sessionStorage.setItem('token', 't');
  window.sessionStorage.setItem('user', JSON.stringify({ userId: 'u1', username: 'ayse', email: 'a@b.c' }));
  refreshSession();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const me = {
    userId: 'u1',
    username: 'ayse',
    email: 'a@b.c',
    phoneNumber: '05321234567',
    pendingEmail: null,
    deletionScheduledAt,
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).endsWith('/api/events')
      ? jsonResponse({ success: true, events })
      : String(input).endsWith('/api/users/me')
        ? jsonResponse({ success: true, user: me })
        : jsonResponse({ success: false, message: 'x' }, 500),
  );
  return renderWithRouter(<DashboardHomePage />, { path: '/dashboard' });
}

describe('dashboard home: items waiting for approval', () => {
  it("says how many wait and leads to the album's Onay Bekleyenler", async () => {
    const user = userEvent.setup();
    renderHome([event]);
    const region = await screen.findByRole('region', { name: '3 öğe onayınızı bekliyor' });
    const link = within(region).getByRole('link', { name: 'Onay Bekleyenler' });
    expect(link).toHaveAttribute('href', '/dashboard/qr/manage?view=pending');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/qr/manage');
  });

  it('says nothing when nothing waits, or when the album is archived', async () => {
    const { unmount } = renderHome([{ ...event, pendingCount: 0 }]);
    await screen.findByRole('heading', { name: 'Ayşe & Mehmet' });
    expect(screen.queryByText(/onay bekliyor/)).not.toBeInTheDocument();
    unmount();

    renderHome([{ ...event, archivedAt: '2028-01-01T00:00:00.000Z' }]);
    await screen.findByRole('heading', { name: 'Ayşe & Mehmet' });
    expect(screen.queryByText(/onay bekliyor/)).not.toBeInTheDocument();
  });
});

describe('dashboard home: items waiting in other events', () => {
  const older = sampleEvent({
    id: 'ev0',
    eventId: 'ev0',
    title: 'Nişan',
    eventDate: '2026-06-01T12:00:00.000Z',
  });
  const elsewhere = 'Diğer etkinliklerinizde de onayınızı bekleyen öğeler var.';

  it('says so beside the latest event’s notice, and leads to the events page', async () => {
    const user = userEvent.setup();
    renderHome([event, { ...older, pendingCount: 2 }]);
    const region = await screen.findByRole('region', { name: elsewhere });
    // The latest event's own notice stays as it is.
    expect(screen.getByRole('region', { name: '3 öğe onayınızı bekliyor' })).toBeInTheDocument();
    const link = within(region).getByRole('link', { name: 'Etkinliklerinize Gidin' });
    expect(link).toHaveAttribute('href', '/events');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/events');
  });

  it('says nothing of the kind when only the latest event has waiting items, or the other is archived', async () => {
    const { unmount } = renderHome([event, older]);
    await screen.findByRole('region', { name: '3 öğe onayınızı bekliyor' });
    expect(screen.queryByText(elsewhere)).not.toBeInTheDocument();
    unmount();

    renderHome([
      { ...event, pendingCount: 0 },
      { ...older, pendingCount: 2, archivedAt: '2027-06-01T00:00:00.000Z' },
    ]);
    await screen.findByRole('heading', { name: 'Ayşe & Mehmet' });
    expect(screen.queryByText(elsewhere)).not.toBeInTheDocument();
  });
});

describe('dashboard home: how long the album is kept', () => {
  const reminder =
    'Silinmeden 30 ve 7 gün önce size e-postayla hatırlatır ve albümün indirme bağlantısını göndeririz.';

  it('tells of the e-mails that come 30 and 7 days before the end, but not once a deletion is confirmed', async () => {
    const { unmount } = renderHome([event]);
    expect(await screen.findByText(reminder)).toBeInTheDocument();
    unmount();

    renderHome([event], '2026-12-04T09:00:00.000Z');
    await screen.findByRole('link', { name: 'Silme talebini geri al' });
    expect(screen.queryByText(reminder)).not.toBeInTheDocument();
  });

  it('promises the year while the account stays, and names the deletion day once one is confirmed', async () => {
    const { unmount } = renderHome([event]);
    expect(await screen.findByText('Albümünüz 5 Aralık 2027 tarihine kadar saklanacak')).toBeInTheDocument();
    unmount();

    renderHome([event], '2026-12-04T09:00:00.000Z');
    expect(
      await screen.findByText(
        'Hesap silme talebiniz nedeniyle albümünüz 4 Aralık 2026 tarihinde kalıcı olarak silinecek. Vazgeçmek için Ayarlar’daki “Verilerim ve Hesabım” bölümüne gidin.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/tarihine kadar saklanacak/)).not.toBeInTheDocument();
    // The way back is one tap away.
    expect(screen.getByRole('link', { name: 'Silme talebini geri al' })).toHaveAttribute(
      'href',
      '/dashboard/settings#verilerim',
    );
  });
});

describe('dashboard home: the first wedding', () => {
  it('puts the keyboard on the new wedding’s title once the form that made it is gone', async () => {
    window.sessionStorage.setItem('token', 't');
    window.sessionStorage.setItem('user', JSON.stringify({ userId: 'u1', username: 'ayse', email: 'a@b.c' }));
    refreshSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let events: Event[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/weddings/create') && init?.method === 'POST') {
        events = [event];
        return jsonResponse(
          { success: true, weddingId: 'w1', eventId: 'ev1', message: 'Düğün bilgileri kaydedildi.' },
          201,
        );
      }
      if (url.endsWith('/api/events')) return jsonResponse({ success: true, events });
      return jsonResponse({ success: false, message: 'x' }, 500);
    });
    const user = userEvent.setup();
    renderWithRouter(<DashboardHomePage />, { path: '/dashboard' });
    await screen.findByRole('heading', { name: 'Düğününüzü oluşturalım' });
    const fill: [string, string][] = [
      ['Etkinlik Adı *', 'Ayşe & Mehmet'],
      ['Düğün Tarihi *', '2027-06-12'],
      ['Mekan Adı *', 'Boğaziçi'],
      ['Mekan Konumu (Harita Linki) *', 'https://maps.example.com/x'],
      ['Gelin Adı *', 'Ayşe'],
      ['Gelin Kızlık Soyadı *', 'Yılmaz'],
      ['Damat Adı *', 'Mehmet'],
      ['Damat Soyadı *', 'Kaya'],
    ];
    for (const [label, value] of fill) await user.type(screen.getByLabelText(label), value);
    await user.selectOptions(screen.getByLabelText('Düğün Saati *'), '19:30');
    await user.click(screen.getByRole('button', { name: 'Düğünü Oluştur' }));
    const title = await screen.findByRole('heading', { name: 'Ayşe & Mehmet', level: 2 });
    await vi.waitFor(() => expect(title).toHaveFocus());
  });
});

describe('dashboard home: the events cannot be read', () => {
  it('says so with a retry, instead of offering to create the wedding again', async () => {
    window.sessionStorage.setItem('token', 't');
    window.sessionStorage.setItem('user', JSON.stringify({ userId: 'u1', username: 'ayse', email: 'a@b.c' }));
    refreshSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let down = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('/api/events') && !down
        ? jsonResponse({ success: true, events: [event] })
        : jsonResponse({ success: false, message: 'Hizmet şu anda kullanılamıyor.' }, 503),
    );
    const user = userEvent.setup();
    renderWithRouter(<DashboardHomePage />, { path: '/dashboard' });
    const failure = await screen.findByTestId('events-failure');
    expect(failure).toHaveTextContent(messages.events.listFailed);
    expect(screen.queryByRole('heading', { name: 'Düğününüzü oluşturalım' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Düğünü Oluştur' })).not.toBeInTheDocument();

    down = false;
    await user.click(within(failure).getByRole('button', { name: messages.media.loadRetry }));
    expect(await screen.findByRole('heading', { name: 'Ayşe & Mehmet', level: 2 })).toBeInTheDocument();
    expect(screen.queryByTestId('events-failure')).not.toBeInTheDocument();
  });
});
