import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveSession } from '../../../lib/session';
import { signInHost } from '../../../test/session';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { PasswordSection } from './password-section';

describe('password section', () => {
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('brings a refused change into view: the error sits above the fields, the button below them', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Mevcut şifreniz yanlış.', code: 'INVALID_PASSWORD' }, 400),
    );
    const actor = userEvent.setup();
    renderWithRouter(<PasswordSection userId="u1" />);
    await actor.type(screen.getByLabelText('Mevcut Şifre'), 'yanlis');
    await actor.type(screen.getByLabelText('Yeni Şifre'), 'YeniSifre2027');
    await actor.type(screen.getByLabelText('Yeni Şifre Tekrarı'), 'YeniSifre2027');
    await actor.click(screen.getByRole('button', { name: 'Şifremi Güncelle' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Mevcut şifreniz yanlış.');
    expect(scrolled.some((element) => element.contains(alert))).toBe(true);
  });

  it('drops "Oturumunuz sona erdi" once the host has signed in again, keeping what they typed', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Bu işlem için giriş yapmalısınız.' }, 401),
    );
    const actor = userEvent.setup();
    renderWithRouter(<PasswordSection userId="u1" />);
    await actor.type(screen.getByLabelText('Mevcut Şifre'), 'EskiSifre2026');
    await actor.type(screen.getByLabelText('Yeni Şifre'), 'YeniSifre2027');
    await actor.type(screen.getByLabelText('Yeni Şifre Tekrarı'), 'YeniSifre2027');
    await actor.click(screen.getByRole('button', { name: 'Şifremi Güncelle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
    );
    act(() => saveSession('t2', { userId: 'u1', username: 'elifcan', email: 'e@example.com' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Yeni Şifre')).toHaveValue('YeniSifre2027');
  });
});
