import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleEvent } from '../../../test/album-fixtures';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { EventCard } from './event-card';

const event = sampleEvent();

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

describe('event card: items awaiting approval', () => {
  it("links a waiting count to this event's own review tab, after the toggle and not inside it", async () => {
    answerMe(null);
    renderWithRouter(
      <EventCard event={{ ...sampleEvent({ id: 'ev7', eventId: 'ev7' }), pendingCount: 3 }} />,
      {
        path: '/events',
      },
    );
    const link = screen.getByRole('link', { name: '3 öğe onayınızı bekliyor' });
    expect(link).toHaveAttribute('href', '/events/ev7?view=pending');
    // A link inside the toggle button would be a control inside a control.
    expect(screen.getByRole('button', { name: /Ayşe & Mehmet/ })).not.toContainElement(link);
    await userEvent.setup().click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/events/ev7');
  });

  it('shows no such line when nothing waits, or once the album is archived', async () => {
    answerMe(null);
    const { unmount } = renderWithRouter(<EventCard event={sampleEvent({ pendingCount: 0 })} />);
    expect(screen.queryByText(/onayınızı bekliyor/)).not.toBeInTheDocument();
    unmount();
    renderWithRouter(
      <EventCard event={sampleEvent({ pendingCount: 2, archivedAt: '2028-01-01T00:00:00.000Z' })} />,
    );
    expect(screen.queryByText(/onayınızı bekliyor/)).not.toBeInTheDocument();
  });

  it('says its usage count takes in the waiting items, which the approved count leaves out', () => {
    answerMe(null);
    renderWithRouter(<EventCard event={sampleEvent({ photoCount: 4, pendingCount: 1 })} />);
    expect(screen.getByTestId('album-usage')).toHaveTextContent('5 / 20.000 dosya (1 onay bekleyen dahil)');
  });
});

describe('event card: its cover', () => {
  it('is named after its event, so a list of cards does not read one name over and over', () => {
    answerMe(null);
    renderWithRouter(
      <>
        <EventCard event={sampleEvent()} />
        <EventCard event={sampleEvent({ id: 'ev2', eventId: 'ev2', title: 'Elif & Can' })} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Ayşe & Mehmet kapak görseli' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Elif & Can kapak görseli' })).toBeInTheDocument();
  });
});
