import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
      <ChatDialog
        weddingId="w1"
        name="Ali Veli"
        phone="+905321234567"
        phoneLabel="+90 532 123 45 67"
        onClose={() => undefined}
      />,
    );
    const queued = await screen.findByTestId('bubble-queued');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('+90 532 123 45 67');
    expect(queued).toHaveTextContent('Gönderilmeyi bekliyor');
    expect(within(queued).queryByLabelText('Bekliyor')).not.toBeInTheDocument();
    expect(screen.getByTestId('bubble-failed')).toHaveTextContent('İletilemedi');
    const sent = screen.getAllByTestId('bubble-out');
    expect(sent).toHaveLength(1);
    expect(within(sent[0]!).getByLabelText('İletildi')).toBeInTheDocument();
    expect(screen.getByTestId('bubble-in')).toHaveTextContent('Katılacağım');
    // Turkish long form in Istanbul time (18:30 UTC is 21:30 there), not an abbreviated month.
    expect(screen.getByTestId('bubble-in')).toHaveTextContent('5 Aralık 2026 21:30');
  });

  it('gives the focus back to the button that opened it when Escape closes it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ success: true, messages: [] }));
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Ali Veli WhatsApp konuşması
          </button>
          {open ? (
            <ChatDialog weddingId="w1" name="Ali Veli" phone="+905321234567" onClose={() => setOpen(false)} />
          ) : null}
        </>
      );
    }
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    const opener = screen.getByRole('button', { name: 'Ali Veli WhatsApp konuşması' });
    opener.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
