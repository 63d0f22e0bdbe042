import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
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
      onDelete={() => undefined}
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

describe('GuestTable on a phone: each card is read in the hidden header’s columns', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The card's cells by the column header a screen reader gives each (the one at its position). */
  function cardCells(index: number) {
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cells = within(screen.getByTestId(`guest-row-${index}`)).getAllByRole('cell');
    expect(cells).toHaveLength(headers.length);
    return Object.fromEntries(cells.map((cell, i) => [headers[i]!, cell]));
  }

  it('puts number, name, phone, status, counts and buttons in the header’s order, also while editing', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 639px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    render(<Table />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Sıra',
      'Ad Soyad',
      'Telefon',
      'Durum',
      'Kişi',
      'Beklenen',
      'İşlemler',
    ]);
    // The phone layout, not the wide one: the header row is there for screen readers only.
    expect(screen.getAllByRole('row')[0]).toHaveClass('sr-only');

    const card = cardCells(1);
    expect(card['Sıra']).toHaveTextContent(/^1$/);
    expect(card['Ad Soyad']).toHaveTextContent(/^Zeynep Kaya$/);
    expect(card['Telefon']).toHaveTextContent(/^\+90 532 111 22 33$/);
    expect(card['Durum']).toHaveTextContent(/^BELİRSİZ/);
    expect(card['Kişi']).toHaveTextContent(/^Kişi: 0$/);
    expect(card['Beklenen']).toHaveTextContent(/Beklenen: 2$/);
    within(card['İşlemler']!).getByRole('button', { name: 'Zeynep Kaya düzenle' });

    await user.click(within(card['İşlemler']!).getByRole('button', { name: 'Zeynep Kaya düzenle' }));
    const editing = cardCells(1);
    expect(editing['Telefon']).toHaveTextContent(/^\+90 532 111 22 33$/);
    within(editing['Durum']!).getByRole('combobox', { name: 'Durum' });
    within(editing['Kişi']!).getByRole('spinbutton', { name: 'Kişi sayısı' });
    expect(editing['Beklenen']).toHaveTextContent(/^2$/);
    within(editing['İşlemler']!).getByRole('button', { name: 'Kaydet' });
  });
});

describe('GuestTable: a guest’s number calls the guest', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The number in row `index`'s Telefon cell must be a dialler link with the number in E.164. */
  function expectPhoneLink(index: number, shown: string, href: string) {
    const row = screen.getByTestId(`guest-row-${index}`);
    const link = within(row).getByRole('link', { name: shown });
    expect(link).toHaveAttribute('href', href);
    expect(link.textContent).toBe(shown);
    expect(link.closest('[role="cell"]')).not.toBeNull();
  }

  it('on a computer, in the table’s Telefon column', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    render(<Table />);
    // The wide layout: the column headers are shown.
    expect(screen.getAllByRole('row')[0]).not.toHaveClass('sr-only');
    expectPhoneLink(1, '+90 532 111 22 33', 'tel:+905321112233');
    expectPhoneLink(2, '+90 533 444 55 66', 'tel:+905334445566');
  });

  it('on a phone, on each card', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 639px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    render(<Table />);
    expect(screen.getAllByRole('row')[0]).toHaveClass('sr-only');
    expectPhoneLink(1, '+90 532 111 22 33', 'tel:+905321112233');
    expectPhoneLink(2, '+90 533 444 55 66', 'tel:+905334445566');
  });
});
