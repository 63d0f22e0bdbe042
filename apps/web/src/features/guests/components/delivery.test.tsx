import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { messages } from '@ani/contract/messages';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { signInHost } from '../../../test/session';
import { WhatsappNotice } from './delivery';

describe('WhatsappNotice after the approval', () => {
  it('says the delivery status cannot be fetched when its call fails, instead of vanishing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('', { status: 500, statusText: 'Internal Server Error' }),
    );
    renderWithRouter(<WhatsappNotice weddingId="w1" approved />);
    expect(await screen.findByText(messages.whatsapp.statusUnavailable)).toBeInTheDocument();
    expect(screen.getByTestId('whatsapp-notice')).toHaveTextContent('Gönderim durumu şu anda alınamıyor.');
  });

  it('shows the counts when the call answers', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({
        success: true,
        connected: true,
        counts: { queued: 2, sent: 1, delivered: 0, read: 0, failed: 0 },
      }),
    );
    renderWithRouter(<WhatsappNotice weddingId="w1" approved />);
    expect(await screen.findByText(/Davetiyeler: 2 bekliyor/)).toBeInTheDocument();
    expect(screen.queryByText(messages.whatsapp.statusUnavailable)).not.toBeInTheDocument();
  });

  it('says nothing before the approval', () => {
    signInHost();
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithRouter(<WhatsappNotice weddingId="w1" approved={false} />);
    expect(screen.queryByTestId('whatsapp-notice')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
