import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/ui/toaster';
import { resetToasts } from '../../../test/toasts';
import { renderWithRouter } from '../../../test/render';
import { CreateWeddingForm } from './create-wedding-form';

describe('create wedding form', () => {
  it('marks the empty required fields (not only a toast) and clears a mark once the field is filled', async () => {
    resetToasts();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <CreateWeddingForm />
        <Toaster />
      </>,
    );
    // Nothing is marked before the first attempt.
    expect(screen.getByLabelText('Gelin Adı *')).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('Etkinlik Adı *'), 'Elif & Can Düğünü');
    await user.click(screen.getByRole('button', { name: 'Düğünü Oluştur' }));
    expect(await screen.findByText('Eksik Bilgi')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Etkinlik Adı *')).not.toHaveAttribute('aria-invalid');
    for (const label of ['Düğün Tarihi *', 'Düğün Saati *', 'Mekan Adı *', 'Gelin Adı *', 'Damat Soyadı *']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Bu alan zorunludur.');
    }
    expect(screen.getByLabelText('Kapasite (isteğe bağlı)')).not.toHaveAttribute('aria-invalid');
    // The first empty field takes the focus, and typing there removes its mark.
    expect(screen.getByLabelText('Düğün Tarihi *')).toHaveFocus();
    await user.type(screen.getByLabelText('Mekan Adı *'), 'Boğaziçi');
    expect(screen.getByLabelText('Mekan Adı *')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('Bu alan zorunludur.')).toHaveLength(7);
  });

  it('lists its fields in the order the missing-fields message names them, so the first one named gets the focus', async () => {
    renderWithRouter(<CreateWeddingForm />);
    const form = screen.getByRole('form', { name: 'Düğün oluşturma formu' });
    expect([...form.querySelectorAll('input, select')].map((el) => el.id)).toEqual([
      'cw-title',
      'cw-weddingDate',
      'cw-weddingTime',
      'cw-venueName',
      'cw-venueLocation',
      'cw-brideName',
      'cw-brideSurname',
      'cw-groomName',
      'cw-groomSurname',
      'cw-capacity',
    ]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Etkinlik Adı *'), 'Ayşe & Mehmet');
    await user.click(screen.getByRole('button', { name: 'Düğünü Oluştur' }));
    expect(screen.getByLabelText('Düğün Tarihi *')).toHaveFocus();
  });

  it('offers no past day for a new wedding, and keeps an attached event’s own past day choosable', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T21:30:00Z')); // already the 28th in Istanbul
    try {
      const { unmount } = renderWithRouter(<CreateWeddingForm />);
      expect(screen.getByLabelText('Düğün Tarihi *')).toHaveAttribute('min', '2026-11-28');
      unmount();
      renderWithRouter(
        <CreateWeddingForm event={{ id: 'e1', title: 'Albüm', eventDate: '2026-05-09T16:00:00.000Z' }} />,
      );
      expect(screen.getByLabelText('Düğün Tarihi *')).toHaveValue('2026-05-09');
      expect(screen.getByLabelText('Düğün Tarihi *')).toHaveAttribute('min', '2026-05-09');
    } finally {
      vi.useRealTimers();
    }
  });
});
