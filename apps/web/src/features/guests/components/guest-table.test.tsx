import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Guest } from '@ani/contract/guests';
import { GuestTable } from './guest-table';

const guests: Guest[] = [
  {
    index: 1,
    name: 'Zeynep Kaya',
    phone: '+905321112233',
    status: 'belirsiz',
    guestCount: 0,
    expectedGuestCount: 2,
    invitationStatus: 'queued',
  },
  {
    index: 2,
    name: 'Ali Çelik',
    phone: '+905334445566',
    status: 'katılacak',
    guestCount: 1,
    expectedGuestCount: 1,
    invitationStatus: 'queued',
  },
];

/** The table with the list page's part: which row is open, and a save that closes it. */
function Table() {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <GuestTable
      guests={guests}
      editingIndex={editing}
      onEdit={(g) => setEditing(g.index)}
      onCloseEdit={() => setEditing(null)}
      onSave={async () => setEditing(null)}
      onChat={() => undefined}
    />
  );
}

describe('GuestTable: editing a row by keyboard', () => {
  it('moves the focus into the editor, and back to the edit button on Escape, İptal and Kaydet', async () => {
    // jsdom lays nothing out; the virtualizer mounts the rows that fit the box it is told it has.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const user = userEvent.setup();
    render(<Table />);
    const edit = () => screen.getByRole('button', { name: 'Zeynep Kaya düzenle' });

    edit().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Durum')).toHaveFocus();
    expect(screen.getByLabelText<HTMLInputElement>('Kişi sayısı').value).toBe('0');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Durum')).not.toBeInTheDocument();
    await waitFor(() => expect(edit()).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'İptal' }));
    await waitFor(() => expect(edit()).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(edit()).toHaveFocus());
  });
});
