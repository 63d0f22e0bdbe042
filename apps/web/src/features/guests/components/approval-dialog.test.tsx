import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../../test/render';
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
});
