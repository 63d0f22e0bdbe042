import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { ApprovalDialog } from './approval-dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Listeyi Tamamla
      </button>
      <ApprovalDialog open={open} onOpenChange={setOpen} weddingId="w1" />
    </>
  );
}

describe('approval dialog', () => {
  it.each([
    ['Escape', '{Escape}'],
    ['İptal', null],
  ])('gives the focus back to the button that opened it when %s closes it', async (_how, key) => {
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    const opener = screen.getByRole('button', { name: 'Listeyi Tamamla' });
    opener.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    if (key) await user.keyboard(key);
    else await user.click(screen.getByRole('button', { name: 'İptal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it.each([
    [false, true],
    [true, false],
  ])('with WhatsApp connected=%s, warns that invitations would wait: %s', async (connected, warns) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/whatsapp-status')
        ? jsonResponse({
            success: true,
            connected,
            counts: { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 },
          })
        : jsonResponse({ success: true }),
    );
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Listeyi Tamamla' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    if (warns) expect(await screen.findByText(/WhatsApp bağlantısı kurulmadı/)).toBeInTheDocument();
    else {
      // Give the answer time to arrive: nothing to warn about once it has.
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByText(/WhatsApp bağlantısı kurulmadı/)).not.toBeInTheDocument();
    }
    expect(dialog).toHaveTextContent('Onayla ve Kaydet');
  });

  it('asks the invitation counts again once the approval has queued the invitations', async () => {
    let queued = 0;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/whatsapp-status'))
        return jsonResponse({
          success: true,
          connected: true,
          counts: { queued, sent: 0, delivered: 0, read: 0, failed: 0 },
        });
      if (url.includes('/guests/approval') && init?.method === 'PATCH') {
        queued = 3;
        return jsonResponse({
          success: true,
          message: 'Onaylandı',
          guestListApproved: true,
          guestTotal: 3,
          peopleTotal: 5,
        });
      }
      return jsonResponse({ success: true });
    });
    const user = userEvent.setup();
    renderWithRouter(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Listeyi Tamamla' }));
    await screen.findByRole('dialog');
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([u]) => String(u).includes('/whatsapp-status'))).toHaveLength(1),
    );
    await user.click(screen.getByRole('button', { name: 'Onayla ve Kaydet' }));
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([u]) => String(u).includes('/whatsapp-status')).length).toBeGreaterThan(
        1,
      ),
    );
  });
});
