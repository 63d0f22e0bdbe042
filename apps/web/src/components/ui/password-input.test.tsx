import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordInput } from './password-input';

/** Tailwind's spacing scale: `h-11` is 11 × 4 px. jsdom has no layout, so the classes are read. */
function pixels(element: Element, utility: 'h' | 'w', variant = ''): number[] {
  const pattern = new RegExp(`^${variant}${utility}-(\\d+(?:\\.5)?)$`);
  return [...element.classList].flatMap((name) => {
    const step = pattern.exec(name)?.[1];
    return step ? [Number(step) * 4] : [];
  });
}

function renderField() {
  render(
    <>
      <label htmlFor="pw">Şifre</label>
      <PasswordInput id="pw" />
    </>,
  );
  return {
    input: screen.getByLabelText('Şifre'),
    toggle: screen.getByRole('button', { name: 'Şifreyi göster' }),
  };
}

describe('password input', () => {
  it('is at least 44 px tall on a phone, and so is its show/hide toggle, which is 44 px wide', () => {
    const { input, toggle } = renderField();
    const mobile = pixels(input, 'h');
    expect(mobile).toHaveLength(1);
    expect(mobile[0]).toBeGreaterThanOrEqual(44);
    // With 16 px text on a phone, so that iOS does not zoom the page in when the field is tapped.
    expect(input).toHaveClass('text-base');
    // From 640 px up it keeps the compact height of the site's other inputs.
    expect(pixels(input, 'h', 'sm:')).toEqual([40]);
    // The toggle is laid over the input's right end, from its top to its bottom.
    expect(toggle.parentElement).toBe(input.parentElement);
    expect(toggle).toHaveClass('absolute', 'inset-y-0', 'right-0');
    expect(pixels(toggle, 'w')[0]).toBeGreaterThanOrEqual(44);
    expect(pixels(toggle, 'h')).toEqual([]);
  });

  it('shows and hides the password, keeping what was typed', async () => {
    const actor = userEvent.setup();
    const { input, toggle } = renderField();
    await actor.type(input, 'Gizli123');
    expect(input).toHaveAttribute('type', 'password');
    await actor.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAccessibleName('Şifreyi gizle');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await actor.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue('Gizli123');
  });
});
