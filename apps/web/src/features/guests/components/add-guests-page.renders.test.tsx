import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { signInHost } from '../../../test/session';
import { sampleGuest, sampleWedding } from '../../../test/wedding-fixtures';
import { AddGuestsPage } from './add-guests-page';
import type * as autosave from '../use-row-autosave';

// Every render of an entry row calls its autosave hook once, with the row's content: counting the calls
// per content counts each row's renders, without anything in the page made for the test.
const renders = vi.hoisted(() => [] as string[]);
vi.mock('../use-row-autosave', async (importOriginal) => {
  const real = await importOriginal<typeof autosave>();
  return {
    useRowAutosave: (...args: Parameters<typeof real.useRowAutosave>) => {
      renders.push(args[0].signature);
      return real.useRowAutosave(...args);
    },
  };
});

const savedGuests = Array.from({ length: 40 }, (_, i) => ({
  ...sampleGuest,
  index: i + 1,
  name: `Kayıtlı Misafir ${i + 1}`,
  phone: `+9053200000${String(i).padStart(2, '0')}`,
}));

describe('add guests page: typing in a row', () => {
  it('re-renders only the row typed in, not the saved rows nor another row being typed', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/weddings/info')
        ? jsonResponse({ success: true, wedding: sampleWedding })
        : jsonResponse({ success: true, guestListApproved: false, guestList: savedGuests }),
    );
    const user = userEvent.setup();
    renderWithRouter(<AddGuestsPage />);
    await user.type(await screen.findByLabelText('41. davetli adı'), 'Yarım');
    await user.click(screen.getByRole('button', { name: 'Satır Ekle' }));
    const name = screen.getByLabelText('42. davetli adı');
    expect(name).toHaveFocus();

    renders.length = 0;
    await user.type(name, 'Ayşe Demir');
    expect(name).toHaveValue('Ayşe Demir');
    // The row typed in follows each key…
    const typed = renders.filter((s) => /^A/.test(s) && 'Ayşe Demir'.startsWith(s.split('|')[0]!));
    expect(typed.length).toBeGreaterThanOrEqual(10);
    // …and no other row renders again: not the 40 saved ones, not the half-typed one above.
    expect(renders.filter((s) => s.startsWith('Kayıtlı Misafir'))).toEqual([]);
    expect(renders.filter((s) => s.startsWith('Yarım'))).toEqual([]);
  });
});
