import { describe, expect, it } from 'vitest';
import {
  browserCanShow,
  canPan,
  columnsFor,
  hasMorePages,
  nearBottom,
  totalPages,
  uploaderLabel,
  wrapIndex,
  zoomIn,
  zoomOut,
} from './album-rules';

describe('album paging', () => {
  it('counts pages of 12 and recomputes them from the count after deletes', () => {
    expect(totalPages(0)).toBe(0);
    expect(totalPages(12)).toBe(1);
    expect(totalPages(13)).toBe(2);
    expect(totalPages(25)).toBe(3);
    expect(totalPages(23)).toBe(2);
  });

  it('asks for more only while the server has a cursor and items are missing', () => {
    expect(hasMorePages({ nextToken: 'c', loadedItems: 12, photoCount: 25 })).toBe(true);
    expect(hasMorePages({ nextToken: null, loadedItems: 12, photoCount: 25 })).toBe(false);
    // After deleting 2 of 24 loaded items out of 25, one item is still on the server.
    expect(hasMorePages({ nextToken: 'c', loadedItems: 22, photoCount: 23 })).toBe(true);
    expect(hasMorePages({ nextToken: 'c', loadedItems: 23, photoCount: 23 })).toBe(false);
  });

  it('triggers within 300 px of the bottom', () => {
    expect(nearBottom({ scrollY: 0, viewportHeight: 800, documentHeight: 1100 })).toBe(true);
    expect(nearBottom({ scrollY: 0, viewportHeight: 800, documentHeight: 1101 })).toBe(false);
  });

  it('uses 2, 3 or 4 columns by width', () => {
    expect(columnsFor(343)).toBe(2);
    expect(columnsFor(700)).toBe(3);
    expect(columnsFor(1200)).toBe(4);
  });
});

describe('lightbox', () => {
  it('zooms in ×1.5 steps up to 5 and out down to 0.5', () => {
    const ins = [1];
    while (ins.at(-1)! < 5) ins.push(zoomIn(ins.at(-1)!));
    expect(ins).toEqual([1, 1.5, 2.25, 3.375, 5]);
    expect(zoomIn(5)).toBe(5);
    expect(zoomOut(1)).toBe(0.667);
    expect(zoomOut(zoomOut(1))).toBe(0.5);
    expect(zoomOut(0.5)).toBe(0.5);
  });

  it('pans only above 1×', () => {
    expect(canPan(1)).toBe(false);
    expect(canPan(0.667)).toBe(false);
    expect(canPan(1.5)).toBe(true);
  });

  it('wraps previous and next around the ends', () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(2, 5)).toBe(2);
  });

  it('shows "Misafir" for anonymous and "Anonim" for a missing uploader', () => {
    expect(uploaderLabel('anonymous')).toBe('Misafir');
    expect(uploaderLabel(null)).toBe('Anonim');
    expect(uploaderLabel('  ')).toBe('Anonim');
    expect(uploaderLabel('Zeynep')).toBe('Zeynep');
  });

  it('does not ask the browser to show HEIC originals', () => {
    expect(browserCanShow('image/heic')).toBe(false);
    expect(browserCanShow('image/jpeg')).toBe(true);
  });
});
