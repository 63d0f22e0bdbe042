import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@ani/contract/messages';
import { refreshSession } from '../../../lib/session';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { QrSettingsPage } from './qr-settings-page';

function renderPage(answer: () => Response) {
  window.sessionStorage.setItem('token', 't');
  refreshSession();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
  renderWithRouter(<QrSettingsPage renderSettings={() => null} />, { path: '/dashboard/qr/create' });
  return fetchMock;
}

describe('QR settings page', () => {
  it('says the events could not be read, with a retry, rather than "Henüz Etkinlik Yok"', async () => {
    const fetchMock = renderPage(() =>
      jsonResponse({ success: false, message: 'Hizmet şu anda kullanılamıyor.' }, 503),
    );
    const failure = await screen.findByTestId('events-failure');
    expect(failure).toHaveTextContent(messages.events.listFailed);
    expect(screen.queryByText('Henüz Etkinlik Yok')).not.toBeInTheDocument();
    await userEvent.click(within(failure).getByRole('button', { name: messages.media.loadRetry }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('still says "Henüz Etkinlik Yok" when the list was read and is empty', async () => {
    renderPage(() => jsonResponse({ success: true, events: [] }));
    expect(await screen.findByRole('heading', { name: 'Henüz Etkinlik Yok' })).toBeInTheDocument();
    expect(screen.queryByTestId('events-failure')).not.toBeInTheDocument();
  });
});
