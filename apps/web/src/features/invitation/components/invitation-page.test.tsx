import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { invitationText } from '@ani/contract/invitation';
import { messages } from '@ani/contract/messages';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { signInHost } from '../../../test/session';
import { sampleWedding } from '../../../test/wedding-fixtures';
import { InvitationPage } from './invitation-page';

/** The page for a wedding whose list is not approved yet, with WhatsApp connected or not. */
function renderPage(connected: boolean, wedding: object = sampleWedding, queued = 0) {
  signInHost();
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).includes('/whatsapp-status')
      ? jsonResponse({
          success: true,
          connected,
          counts: { queued, sent: 0, delivered: 0, read: 0, failed: 0 },
        })
      : jsonResponse({ success: true, wedding }),
  );
  renderWithRouter(<InvitationPage />);
  return fetch;
}

describe('Davetiye page before the list is approved', () => {
  it('says WhatsApp is not connected, not only in the approval dialog', async () => {
    renderPage(false);
    // Nothing is queued before the approval: the note does not say invitations are waiting.
    expect(await screen.findByText(messages.whatsapp.notConnectedNothingQueued)).toBeInTheDocument();
    expect(screen.queryByText(messages.whatsapp.notConnected)).not.toBeInTheDocument();
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
    expect(screen.queryByText(messages.whatsapp.notConnectedNothingQueued)).not.toBeInTheDocument();
  });
});

describe('Davetiye page once invitations wait', () => {
  it('says they wait for WhatsApp when some are queued', async () => {
    renderPage(false, { ...sampleWedding, guestListApproved: true }, 3);
    expect(await screen.findByText(messages.whatsapp.notConnected)).toBeInTheDocument();
    expect(screen.queryByText(messages.whatsapp.notConnectedNothingQueued)).not.toBeInTheDocument();
  });

  it('says the counts cannot be read when the status call fails, with the shared text', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/whatsapp-status')
        ? new Response('', { status: 500 })
        : jsonResponse({ success: true, wedding: { ...sampleWedding, guestListApproved: true } }),
    );
    renderWithRouter(<InvitationPage />);
    expect(await screen.findByText(messages.whatsapp.statusUnavailable)).toBeInTheDocument();
  });
});

describe('Davetiye page when the wedding cannot be read', () => {
  it.each([
    ['a server error', () => Promise.resolve(new Response('', { status: 500 }))],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows an error with "Tekrar Dene" after %s, not "no wedding yet"', async (_case, answer) => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer());
    renderWithRouter(<InvitationPage />);
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tekrar Dene' })).toBeInTheDocument();
    expect(screen.queryByText('Henüz düğün bilgileriniz yok')).not.toBeInTheDocument();
  });

  it('sends a host without a wedding (404) to the home page', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Düğün bulunamadı.' }, 404),
    );
    renderWithRouter(<InvitationPage />);
    expect(await screen.findByText('Henüz düğün bilgileriniz yok')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana Sayfaya Git' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Tekrar Dene' })).not.toBeInTheDocument();
  });
});

describe('Davetiye preview', () => {
  it('greets by full name with the real invitation text, and shows no send time or read ticks', async () => {
    renderPage(true);
    const preview = await screen.findByTestId('invitation-preview');
    expect(preview).toHaveTextContent(invitationText(sampleWedding, 'Ayşe Yılmaz'));
    expect(within(preview).getByText(/^Sevgili Ayşe Yılmaz, /)).toBeInTheDocument();
    expect(preview).not.toHaveTextContent('Ayşe Hanım');
    // The wedding time shows once, inside the text, never as a message time.
    expect(preview.textContent!.split(sampleWedding.weddingTime)).toHaveLength(2);
    // Icons: the missing-image mark and the three reply buttons' arrows; no read ticks.
    expect(preview.querySelectorAll('svg')).toHaveLength(4);
  });

  it('shows a portrait invitation image whole, not cropped', async () => {
    renderPage(true, { ...sampleWedding, invitationImagePath: '/uploads/davetiye.jpg' });
    const image = await screen.findByRole('img', { name: 'Davetiye görseli' });
    expect(image).toHaveClass('object-contain');
    expect(image).not.toHaveClass('object-cover');
  });
});
