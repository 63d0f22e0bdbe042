import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../lib/toast';
import { resetToasts } from '../../test/toasts';
import { Toaster } from './toaster';

afterEach(() => act(() => resetToasts()));

describe('Toaster', () => {
  it('renders each variant with its title and description in a labelled region', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hata', description: 'Bir hata oluştu', variant: 'destructive' });
      toast({ title: 'Kayıt Başarılı!', variant: 'success' });
    });
    expect(screen.getByRole('region', { name: 'Bildirimler (F8)' })).toBeInTheDocument();
    expect(await screen.findByText('Bir hata oluştu')).toBeInTheDocument();
    expect(document.querySelector('[data-variant="destructive"]')).not.toBeNull();
    expect(document.querySelector('[data-variant="success"]')).not.toBeNull();
  });

  it('F8 moves focus to the notifications', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Bilgi', variant: 'info' });
    });
    await screen.findByText('Bilgi');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement?.tagName).toBe('OL');
  });

  it('the close button dismisses a toast', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Uyarı', variant: 'warning' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Bildirimi kapat' }));
    await waitFor(() => expect(screen.queryByText('Uyarı')).toBeNull());
  });
});
