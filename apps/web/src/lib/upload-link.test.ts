import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '../test/toasts';
import { copyUploadLink, uploadLink } from './upload-link';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

describe('upload link', () => {
  it('builds the slug: lower case, whitespace to hyphens, everything but a-z 0-9 - dropped', () => {
    expect(uploadLink('https://anikutusu.com', { id: 'ev-1', title: 'Ayşe & Mehmet  Düğün 2026' })).toBe(
      'https://anikutusu.com/events/ev-1/aye--mehmet-dn-2026/upload-image-page',
    );
  });

  it('copies the link and says so, or says that copying failed', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await copyUploadLink('https://anikutusu.com/events/ev-1/a/upload-image-page');
    await copyUploadLink('https://anikutusu.com/events/ev-1/a/upload-image-page');
    expect(writeText).toHaveBeenCalledWith('https://anikutusu.com/events/ev-1/a/upload-image-page');
    expect(getToasts().map((t) => [t.title, t.variant])).toEqual([
      ['Hata', 'destructive'],
      ['QR kod bağlantısı panoya kopyalandı.', 'success'],
    ]);
  });
});
