import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Guest } from '@ani/contract/guests';
import { GuestRowEditor } from './guest-row-editor';

const guest: Guest = {
  index: 3,
  name: 'İpek Işık',
  phone: '+905440001122',
  status: 'katılacak',
  guestCount: 2,
  expectedGuestCount: 3,
  invitationStatus: 'delivered',
};

describe('GuestRowEditor', () => {
  it('offers only the three choosable statuses', () => {
    render(<GuestRowEditor guest={guest} onCancel={() => undefined} onSave={async () => undefined} />);
    const options = [...screen.getByLabelText<HTMLSelectElement>('Durum').options].map((o) => o.textContent);
    expect(options).toEqual(['Katılacak', 'Belirsiz', 'Katılamayacak']);
  });

  it('clears and disables the count for belirsiz and saves 0', () => {
    const onSave = vi.fn(async () => undefined);
    render(<GuestRowEditor guest={guest} onCancel={() => undefined} onSave={onSave} />);
    const count = screen.getByLabelText<HTMLInputElement>('Kişi sayısı');
    expect(count.value).toBe('2');
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'belirsiz' } });
    expect(count.value).toBe('');
    expect(count.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledWith(guest, 'belirsiz', 0);
  });

  it('refuses a negative count and cancels without saving', () => {
    const onSave = vi.fn(async () => undefined);
    const onCancel = vi.fn();
    render(<GuestRowEditor guest={guest} onCancel={onCancel} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Kişi sayısı'), { target: { value: '-1' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Kaydet' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'İptal' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses "Katılacak" with a blank or 0 count on the row, and saves 1', () => {
    const onSave = vi.fn(async () => undefined);
    const { unmount } = render(<GuestRowEditor guest={guest} onCancel={vi.fn()} onSave={onSave} />);
    const count = screen.getByLabelText('Kişi sayısı');
    const refusal = 'Katılacak bir davetli için kişi sayısı en az 1 olmalıdır';
    for (const value of ['', '0']) {
      fireEvent.change(count, { target: { value } });
      expect(count).toHaveAccessibleDescription(refusal);
      expect(screen.getByRole('alert')).toHaveTextContent(refusal);
      expect(screen.getByRole('button', { name: 'Kaydet' })).toBeDisabled();
      fireEvent.keyDown(count, { key: 'Enter' });
    }
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(count, { target: { value: '1' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledWith(guest, 'katılacak', 1);
    unmount();
  });

  it('does not save a blank "Katılacak" count as 0 when the editor closes', () => {
    const onSave = vi.fn(async () => undefined);
    const { unmount } = render(<GuestRowEditor guest={guest} onCancel={vi.fn()} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Kişi sayısı'), { target: { value: '' } });
    unmount();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says on the row why 150 cannot be saved, and saves 100', () => {
    const onSave = vi.fn(async () => undefined);
    render(<GuestRowEditor guest={{ ...guest, status: 'katılacak' }} onCancel={vi.fn()} onSave={onSave} />);
    const count = screen.getByLabelText('Kişi sayısı');
    fireEvent.change(count, { target: { value: '150' } });
    expect(count).toHaveAccessibleDescription('Kişi sayısı en fazla 100 olabilir');
    expect(screen.getByRole('alert')).toHaveTextContent('Kişi sayısı en fazla 100 olabilir');
    expect(screen.getByRole('button', { name: 'Kaydet' })).toBeDisabled();
    fireEvent.change(count, { target: { value: '100' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledWith(expect.anything(), 'katılacak', 100);
  });

  it("shows the row's own count, 0 included, while the status locks the field", () => {
    render(
      <GuestRowEditor
        guest={{ ...guest, status: 'belirsiz', guestCount: 0 }}
        onCancel={() => undefined}
        onSave={async () => undefined}
      />,
    );
    const count = screen.getByLabelText<HTMLInputElement>('Kişi sayısı');
    expect(count.value).toBe('0');
    expect(count.disabled).toBe(true);
  });

  it('takes the focus on its first field and cancels with Escape from any of its controls', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<GuestRowEditor guest={guest} onCancel={onCancel} onSave={async () => undefined} />);
    expect(screen.getByLabelText('Durum')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByLabelText('Kişi sayısı'));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('saves with Enter in its fields, as "Kaydet" does', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    render(<GuestRowEditor guest={guest} onCancel={vi.fn()} onSave={onSave} />);
    await user.clear(screen.getByLabelText('Kişi sayısı'));
    await user.type(screen.getByLabelText('Kişi sayısı'), '3{Enter}');
    expect(onSave).toHaveBeenCalledWith(guest, 'katılacak', 3);
    onSave.mockClear();
    screen.getByLabelText('Durum').focus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('saves a changed row when it closes without a word (another row opened), and only a changed, valid one', () => {
    const onSave = vi.fn(async () => undefined);
    const changed = render(<GuestRowEditor guest={guest} onCancel={vi.fn()} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Kişi sayısı'), { target: { value: '1' } });
    changed.unmount();
    expect(onSave).toHaveBeenCalledWith(guest, 'katılacak', 1);

    onSave.mockClear();
    render(<GuestRowEditor guest={guest} onCancel={vi.fn()} onSave={onSave} />).unmount();
    const invalid = render(<GuestRowEditor guest={guest} onCancel={vi.fn()} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Kişi sayısı'), { target: { value: '-1' } });
    invalid.unmount();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('forgets the change when the host cancels it', () => {
    const onSave = vi.fn(async () => undefined);
    const onCancel = vi.fn();
    const editor = render(<GuestRowEditor guest={guest} onCancel={onCancel} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'katılamayacak' } });
    fireEvent.click(screen.getByRole('button', { name: 'İptal' }));
    editor.unmount();
    expect(onCancel).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
