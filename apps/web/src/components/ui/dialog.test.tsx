import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A page's own button opening a dialog by state, not through a DialogTrigger. */
function Page({ onCloseAutoFocus }: { onCloseAutoFocus?: (event: Event) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Başka</button>
      <button type="button" onClick={() => setOpen(true)}>
        Aç
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>Pencere</DialogTitle>
          <DialogDescription>İçerik</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

async function openAndEscape() {
  const user = userEvent.setup();
  screen.getByRole('button', { name: 'Aç' }).focus();
  await user.keyboard('{Enter}');
  await screen.findByRole('dialog');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('DialogContent', () => {
  it('gives the focus back to the button that opened it, without a DialogTrigger', async () => {
    render(<Page />);
    await openAndEscape();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aç' })).toHaveFocus());
  });

  it('leaves the focus to a dialog that places it itself', async () => {
    render(
      <Page
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          screen.getByRole('button', { name: 'Başka' }).focus();
        }}
      />,
    );
    await openAndEscape();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Başka' })).toHaveFocus());
  });
});
