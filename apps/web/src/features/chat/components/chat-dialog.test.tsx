import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { ChatDialog } from './chat-dialog';

const message = (status: string, direction = 'outbound', body = 'Sevgili Ali, davetlisiniz.') => ({
  body,
  timestamp: '2026-12-05T18:30:00.000Z',
  direction,
  status,
});

describe('chat dialog', () => {
  it('shows a queued invitation as waiting and a failed one as not delivered, not as sent bubbles', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({
        success: true,
        messages: [
          message('queued'),
          message('failed'),
          message('delivered'),
          message('received', 'inbound', 'Katılacağım'),
        ],
      }),
    );
    renderWithRouter(
      <ChatDialog weddingId="w1" name="Ali Veli" phone="+905321234567" onClose={() => undefined} />,
    );
    const queued = await screen.findByTestId('bubble-queued');
    expect(queued).toHaveTextContent('Gönderilmeyi bekliyor');
    expect(within(queued).queryByLabelText('Bekliyor')).not.toBeInTheDocument();
    expect(screen.getByTestId('bubble-failed')).toHaveTextContent('İletilemedi');
    const sent = screen.getAllByTestId('bubble-out');
    expect(sent).toHaveLength(1);
    expect(within(sent[0]!).getByLabelText('İletildi')).toBeInTheDocument();
    expect(screen.getByTestId('bubble-in')).toHaveTextContent('Katılacağım');
  });
});
