import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stockCoverSet } from '@ani/contract/events';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { EventCard } from './event-card';

const event = {
  id: 'ev1',
  eventId: 'ev1',
  title: 'Ayşe & Mehmet',
  eventDate: '2026-12-05T12:00:00.000Z',
  description: null,
  coverImage: '/images/covers/cover-1.jpg',
  cover: stockCoverSet('/images/covers/cover-1.jpg')!,
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

function answerMe(deletionScheduledAt: string | null) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    jsonResponse({
      success: true,
      user: {
        userId: 'u1',
        username: 'Ayşe Yılmaz',
        email: 'ayse@example.com',
        phoneNumber: '+905321234567',
        pendingEmail: null,
        deletionScheduledAt,
      },
    }),
  );
}

describe('event card', () => {
  it('during an account deletion sends the host to the profile page, where cancelling is', async () => {
    answerMe('2026-12-04T09:00:00.000Z');
    renderWithRouter(<EventCard event={event} />, { path: '/events' });
    const toggle = screen.getByRole('button', { name: /Ayşe & Mehmet/ });
    expect(
      await within(toggle).findByText(
        'Hesap silme talebiniz nedeniyle albümünüz 4 Aralık 2026 tarihinde kalıcı olarak silinecek.',
      ),
    ).toBeInTheDocument();
    // Not the sidebar's "Ayarlar" (the site has none; the card's own "Ayarlar" tab is about the event).
    expect(screen.queryByText(/Ayarlar’daki/)).not.toBeInTheDocument();
    const link = screen.getByRole('link', {
      name: 'Vazgeçtiyseniz talebinizi Profil Ayarları’ndan iptal edebilirsiniz.',
    });
    expect(link).toHaveAttribute('href', '/profile#verilerim');
    await userEvent.setup().click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('without a deletion keeps the storage note and shows no such link', async () => {
    const fetch = answerMe(null);
    renderWithRouter(<EventCard event={event} />, { path: '/events' });
    // The account's answer has come and been read before the card is looked at.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('Albümünüz 5 Aralık 2027 tarihine kadar saklanacak')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
