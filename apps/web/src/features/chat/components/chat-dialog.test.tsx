import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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

describe('chat dialog: the number in its header', () => {
  it('calls the guest, with the number as the list prints it, and does not take the focus on opening', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ success: true, messages: [] }));
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Ali Veli WhatsApp konuşması
          </button>
          {open ? (
            <ChatDialog
              weddingId="w1"
              name="Ali Veli"
              phone="+905321234567"
              phoneLabel="+90 532 123 45 67"
              onClose={() => setOpen(false)}
            />
          ) : null}
        </>
      );
    }
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    screen.getByRole('button', { name: 'Ali Veli WhatsApp konuşması' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const link = within(dialog).getByRole('link', { name: '+90 532 123 45 67' });
    expect(link).toHaveAttribute('href', 'tel:+905321234567');
    expect(link.textContent).toBe('+90 532 123 45 67');
    expect(dialog).toHaveAccessibleDescription('+90 532 123 45 67');
    // Opening does not land on the link (Radix skips links): a second Enter from the keyboard must not dial.
    expect(within(dialog).getByRole('button', { name: 'Kapat' })).toHaveFocus();
    // The link is still on the keyboard's way.
    await user.tab({ shift: true });
    expect(link).toHaveFocus();
  });
});

describe('chat dialog for screen readers', () => {
  it('says who wrote each message, and keeps the list a log where a newer message is added, not redrawn', async () => {
    const first = [
      { ...message('delivered'), timestamp: '2026-12-05T18:30:00.000Z' },
      { ...message('received', 'inbound', 'Katılacağım'), timestamp: '2026-12-05T18:40:00.000Z' },
    ];
    const reply = {
      ...message('received', 'inbound', 'İki kişi geliyoruz'),
      timestamp: '2026-12-05T18:45:00.000Z',
    };
    let messages = first;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ success: true, messages }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ChatDialog weddingId="w1" name="Ali Veli" phone="+905321234567" onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const log = await screen.findByRole('log', { name: 'Mesajlar' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    const sent = within(log).getByTestId('bubble-out');
    expect(sent).toHaveTextContent(/^Siz: Sevgili Ali, davetlisiniz\./);
    expect(within(log).getByTestId('bubble-in')).toHaveTextContent(/^Davetli: Katılacağım/);
    // Who wrote it is read, not shown: the bubble's side and colour say it on screen.
    expect(within(sent).getByText('Siz:')).toHaveClass('sr-only');

    // The next poll brings the guest's new reply: only that bubble is new in the log.
    messages = [...first, reply];
    await queryClient.refetchQueries();
    await waitFor(() => expect(within(log).getAllByTestId('bubble-in')).toHaveLength(2));
    expect(screen.getByRole('log')).toBe(log);
    expect(within(log).getByTestId('bubble-out')).toBe(sent);
    expect(within(log).getAllByTestId('bubble-in')[1]).toHaveTextContent(/^Davetli: İki kişi geliyoruz/);
  });
});
