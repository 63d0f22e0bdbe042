import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { cardThemes, stepCarousel, themeSvg } from '../themes';
import { ThemesCarousel } from './themes-carousel';

describe('card themes', () => {
  it('are the ten named themes, each with its own artwork', () => {
    expect(cardThemes).toHaveLength(10);
    expect(new Set(cardThemes.map((t) => themeSvg(t))).size).toBe(10);
  });
});

describe('stepCarousel', () => {
  it('moves one position and wraps both ways over the positions that fill 4 slots', () => {
    expect(stepCarousel(0, 1, 10, 4)).toBe(1);
    expect(stepCarousel(6, 1, 10, 4)).toBe(0);
    expect(stepCarousel(0, -1, 10, 4)).toBe(6);
    expect(stepCarousel(9, 1, 10, 1)).toBe(0);
  });
});

describe('ThemesCarousel', () => {
  it('moves 300 px per click and selects exactly one theme', () => {
    const onSelect = vi.fn();
    const { rerender } = render(<ThemesCarousel selectedId="country" onSelect={onSelect} />);
    const track = screen.getByTestId('themes-track');
    expect(track.style.transform).toBe('translateX(0px)');
    fireEvent.click(screen.getByRole('button', { name: 'Sonraki tasarımlar' }));
    expect(track.style.transform).toBe('translateX(-300px)');
    fireEvent.click(screen.getByRole('button', { name: 'Önceki tasarımlar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Önceki tasarımlar' }));
    expect(track.style.transform).toBe('translateX(-1800px)');

    fireEvent.click(screen.getByRole('radio', { name: /Deniz/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'sea' }));
    rerender(<ThemesCarousel selectedId="sea" onSelect={onSelect} />);
    const checked = screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true');
    expect(checked).toHaveLength(1);
    expect(checked[0]).toHaveAccessibleName(/Deniz/);
  });
});
