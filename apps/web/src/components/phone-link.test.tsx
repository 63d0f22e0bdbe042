import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PhoneLink } from './phone-link';

describe('PhoneLink', () => {
  it('calls a Turkish mobile, named by the number it shows', () => {
    render(<PhoneLink phone="+905321234567">+90 532 123 45 67</PhoneLink>);
    const link = screen.getByRole('link', { name: '+90 532 123 45 67' });
    expect(link).toHaveAttribute('href', 'tel:+905321234567');
    expect(link.textContent).toBe('+90 532 123 45 67');
  });

  it('leaves a number it cannot dial reliably as plain text', () => {
    render(<PhoneLink phone="+44 7700 900123">+44 7700 900123</PhoneLink>);
    expect(screen.getByText('+44 7700 900123')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
