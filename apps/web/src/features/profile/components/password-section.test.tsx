import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
});
