import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@ani/contract/messages';
import { saveSession } from '../../../lib/session';
import { signInHost } from '../../../test/session';
import { expectBusy, expectIdle, heldFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { PasswordSection } from './password-section';

async function fillIn(actor: ReturnType<typeof userEvent.setup>, current: string) {
  await actor.type(screen.getByLabelText('Mevcut Şifre'), current);
  await actor.type(screen.getByLabelText('Yeni Şifre'), 'YeniSifre2027');
  await actor.type(screen.getByLabelText('Yeni Şifre Tekrarı'), 'YeniSifre2027');
}

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
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Mevcut şifreniz yanlış.'));
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
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
      ),
    );
    act(() => saveSession('t2', { userId: 'u1', username: 'elifcan', email: 'e@example.com' }));
    // The region stays in the page for the next outcome; only its text goes.
    await waitFor(() => expect(screen.getByRole('alert')).toBeEmptyDOMElement());
    expect(screen.getByLabelText('Yeni Şifre')).toHaveValue('YeniSifre2027');
  });

  it('keeps the focus on the save button while it runs and says the refusal in a region that was already there', async () => {
    const held = heldFetch();
    const actor = userEvent.setup();
    renderWithRouter(<PasswordSection userId="u1" />);
    // Screen readers announce a live region whose text changes, not one that appears with its text.
    const alert = screen.getByRole('alert');
    expect(alert).toBeEmptyDOMElement();
    await fillIn(actor, 'yanlis');
    const button = screen.getByRole('button', { name: 'Şifremi Güncelle' });
    button.focus();
    await actor.keyboard('{Enter}');
    expectBusy(button, 'Kaydediliyor...');
    await actor.keyboard('{Enter}');
    await actor.click(button);
    expect(held.fetch).toHaveBeenCalledTimes(1);
    await held.answer(
      jsonResponse({ success: false, message: 'Mevcut şifreniz yanlış.', code: 'INVALID_PASSWORD' }, 400),
    );
    await waitFor(() => expect(alert).toHaveTextContent('Mevcut şifreniz yanlış.'));
    expect(screen.getByRole('alert')).toBe(alert);
    expectIdle(button, 'Şifremi Güncelle');
  });

  it("says the form's own refusal in the same region, sending nothing", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const actor = userEvent.setup();
    renderWithRouter(<PasswordSection userId="u1" />);
    const alert = screen.getByRole('alert');
    expect(alert).toBeEmptyDOMElement();
    await actor.click(screen.getByRole('button', { name: 'Şifremi Güncelle' }));
    expect(alert).toHaveTextContent(messages.auth.currentPasswordRequired);
    expect(screen.getByRole('alert')).toBe(alert);
    expect(fetch).not.toHaveBeenCalled();
  });
});
