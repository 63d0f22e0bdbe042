import { describe, expect, it } from 'vitest';
import { shownUploader } from './media.ts';

describe('shownUploader', () => {
  it('reads the API placeholder as "Misafir", keeps a real name, and has none for a blank one', () => {
    expect(shownUploader('anonymous')).toBe('Misafir');
    expect(shownUploader(' Ayşe Yılmaz ')).toBe('Ayşe Yılmaz');
    expect([shownUploader(null), shownUploader(undefined), shownUploader('  ')]).toEqual([null, null, null]);
  });
});
