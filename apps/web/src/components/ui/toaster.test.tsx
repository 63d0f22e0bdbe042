import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts, toast } from '../../lib/toast-store';
import { Toaster } from './toaster';

afterEach(() => act(() => resetToasts()));

describe('Toaster', () => {
  it('renders each variant with its title and description in a labelled region', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hata', description: 'Bir hata oluştu', variant: 'destructive' });
      toast({ title: 'Kayıt Başarılı!', variant: 'success' });
    });
    expect(screen.getByRole('region', { name: 'Bildirimler (F8)' })).toBeInTheDocument();
    expect(screen.getAllByText('Bir hata oluştu').length).toBeGreaterThan(0);
    expect(document.querySelector('[data-variant="destructive"]')).not.toBeNull();
    expect(document.querySelector('[data-variant="success"]')).not.toBeNull();
  });

  it('F8 moves focus to the notifications', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Bilgi', variant: 'info' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement?.tagName).toBe('OL');
  });

  it('the close button dismisses a toast', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Uyarı', variant: 'warning' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Bildirimi kapat' }));
    expect(screen.queryByText('Uyarı')).toBeNull();
  });
});
