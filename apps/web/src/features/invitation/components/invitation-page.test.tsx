import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { messages } from '@ani/contract/messages';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { signInHost } from '../../../test/session';
import { sampleWedding } from '../../../test/wedding-fixtures';
import { InvitationPage } from './invitation-page';

/** The page for a wedding whose list is not approved yet, with WhatsApp connected or not. */
function renderPage(connected: boolean) {
  signInHost();
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).includes('/whatsapp-status')
      ? jsonResponse({
          success: true,
          connected,
          counts: { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 },
        })
      : jsonResponse({ success: true, wedding: sampleWedding }),
  );
  renderWithRouter(<InvitationPage />);
  return fetch;
}

describe('Davetiye page before the list is approved', () => {
  it('says WhatsApp is not connected, not only in the approval dialog', async () => {
    renderPage(false);
    expect(await screen.findByText(messages.whatsapp.notConnected)).toBeInTheDocument();
    expect(
      screen.getByText('Davetiyeler, davetli listesini onayladığınızda gönderilmeye başlar.'),
    ).toBeVisible();
  });

  it('says nothing of the kind once WhatsApp is connected', async () => {
    const fetch = renderPage(true);
    expect(
      await screen.findByText('Davetiyeler, davetli listesini onayladığınızda gönderilmeye başlar.'),
    ).toBeInTheDocument();
    // The status was asked and its answer rendered; the notice stayed away.
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('/whatsapp-status'))).toBe(true),
    );
    await act(async () => undefined);
    expect(screen.queryByText(messages.whatsapp.notConnected)).not.toBeInTheDocument();
  });
});
