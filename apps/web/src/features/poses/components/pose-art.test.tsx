import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { poses } from '../poses';
import { PosesPage } from './poses-page';

function arts() {
  render(<PosesPage />);
  const grid = screen.getByTestId('pose-grid');
  return new Map(
    [...grid.querySelectorAll('svg[data-pose]')].map((svg) => [svg.getAttribute('data-pose')!, svg]),
  );
}

// The picture's own ids (gradients, clip paths) differ per render; compare the drawing itself.
const drawing = (svg: Element) => svg.innerHTML.replace(/id="[^"]*"|url\(#[^)]*\)/g, '');
const part = (svg: Element, name: string) => svg.querySelector(`[data-part="${name}"]`);
const footY = (svg: Element, who: 'bride' | 'groom') => Number(part(svg, who)!.getAttribute('data-foot-y'));

describe('pose illustrations', () => {
  it('draws all 42 poses, each picture different from every other', () => {
    const byName = arts();
    expect(byName.size).toBe(42);
    expect([...byName.keys()].sort()).toEqual(poses.map((p) => p.name).sort());
    const seen = new Map<string, string>();
    for (const [name, svg] of byName) {
      const d = drawing(svg);
      expect(seen.get(d), `${name} looks exactly like ${seen.get(d)}`).toBeUndefined();
      seen.set(d, name);
    }
  });

  it('shows what the pose is named after', () => {
    const a = arts();
    const has = (pose: string, name: string) =>
      expect(part(a.get(pose)!, name), `${pose} → ${name}`).not.toBeNull();
    has('Yağmur Altında', 'umbrella');
    has('Kalp Eller', 'heart-hands');
    has('Merdiven Işığı', 'stairs');
    has('Kapı Çerçevesi', 'door');
    has('Gece Işıltısı', 'string-lights');
    has('Gün Batımı Silüeti', 'sun');
    has('Duvak Rüzgârı', 'veil-wind');
    has('Konfeti', 'confetti');
    has('Buket Koklama', 'bouquet');
    has('Pencere Işığı', 'window');
    has('Ayna', 'mirror');
    has('Ayna', 'reflection');
    has('Yüzükler', 'rings');
    has('Eller', 'clasped-hands');
    has('Ayakkabılar', 'shoes');
    has('Pasta', 'cake');
    // Negative twins: props stay with their poses.
    expect(part(a.get('Alın Alına')!, 'umbrella')).toBeNull();
    expect(part(a.get('Bakışma')!, 'heart-hands')).toBeNull();
  });

  it('lifts the bride off the ground only where the pose does', () => {
    const a = arts();
    const lift = a.get('Havaya Kaldırma')!;
    // In SVG y grows downwards: her feet are above his when her foot y is smaller.
    expect(footY(lift, 'bride')).toBeLessThan(footY(lift, 'groom') - 40);
    const jump = a.get('Zıplama')!;
    expect(footY(jump, 'bride')).toBeLessThan(150);
    expect(footY(jump, 'groom')).toBeLessThan(150);
    const stand = a.get('Bakışma')!;
    expect(footY(stand, 'bride')).toBe(footY(stand, 'groom'));
  });

  it('portraits show one person, detail shots none', () => {
    const a = arts();
    expect(part(a.get('Gelin Portresi')!, 'groom')).toBeNull();
    expect(part(a.get('Gelin Portresi')!, 'bride')).not.toBeNull();
    expect(part(a.get('Damat Portresi')!, 'bride')).toBeNull();
    expect(part(a.get('Yüzükler')!, 'bride')).toBeNull();
  });

  it('keeps the pictures out of the accessible names; the card text names the pose', () => {
    const a = arts();
    for (const svg of a.values()) expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: /Yağmur Altında/ })).toBeInTheDocument();
  });
});
