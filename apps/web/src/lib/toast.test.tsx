import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from '../components/ui/toaster';
import { getToasts, resetToasts } from '../test/toasts';
import { dismissToast, toast } from './toast';

afterEach(() => act(() => resetToasts()));

describe('toast', () => {
  it('shows at most five at once, newest first', async () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 7; i++) toast({ title: `T${i}` });
    });
    expect(getToasts().map((t) => t.title)).toEqual(['T7', 'T6', 'T5', 'T4', 'T3', 'T2', 'T1']);
    await waitFor(() => {
      const shown = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')];
      expect(shown.map((li) => li.textContent)).toEqual(['T7', 'T6', 'T5', 'T4', 'T3']);
    });
  });

  it('shows for 5000 ms by default, longer when asked (register success: 10 s)', () => {
    toast({ title: 'a' });
    toast({ title: 'b', duration: 10_000, variant: 'success' });
    expect(getToasts().map((t) => [t.duration, t.variant])).toEqual([
      [10_000, 'success'],
      [5000, 'default'],
    ]);
  });

  it('a dismissed toast leaves the screen', async () => {
    render(<Toaster />);
    let id = '';
    act(() => {
      id = toast({ title: 'Hata', variant: 'destructive' }).id;
    });
    expect(await screen.findByText('Hata')).toBeInTheDocument();
    act(() => dismissToast(id));
    await waitFor(() => expect(screen.queryByText('Hata')).toBeNull());
    expect(getToasts()).toEqual([]);
  });

  it('replaces a toast with the same id instead of stacking duplicates', () => {
    toast({ id: 'access-denied', title: 'Erişim Engellendi' });
    toast({ id: 'access-denied', title: 'Erişim Engellendi' });
    expect(getToasts()).toHaveLength(1);
  });

  it('showing an id again right after dismissing it keeps it on screen with the new text', async () => {
    render(<Toaster />);
    act(() => {
      toast({ id: 'x', title: 'first' });
      dismissToast('x');
      toast({ id: 'x', title: 'again' });
    });
    expect(await screen.findByText('again')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText('again')).toBeInTheDocument();
    expect(getToasts()).toEqual([expect.objectContaining({ id: 'x', title: 'again' })]);
  });
});
