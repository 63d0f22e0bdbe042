import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('Content-Disposition', () => {
  it('names a stored key as it is, in both forms', () => {
    expect(contentDisposition('inline', '0c1f-9a_b.thumb.webp')).toBe(
      `inline; filename="0c1f-9a_b.thumb.webp"; filename*=UTF-8''0c1f-9a_b.thumb.webp`,
    );
  });

  it('gives any other name an ASCII fallback and the exact UTF-8 name, quotes and all kept inside', () => {
    expect(contentDisposition('attachment', 'Düğün (1).jpg')).toBe(
      `attachment; filename="Dugun (1).jpg"; filename*=UTF-8''D%C3%BC%C4%9F%C3%BCn%20%281%29.jpg`,
    );
    expect(contentDisposition('attachment', 'a"b\\c%.jpg')).toBe(
      `attachment; filename="a_b_c_.jpg"; filename*=UTF-8''a%22b%5Cc%25.jpg`,
    );
    expect(contentDisposition('inline', "it's!*.jpg")).toBe(
      `inline; filename="it's!*.jpg"; filename*=UTF-8''it%27s%21%2A.jpg`,
    );
    expect(contentDisposition('inline')).toBe('inline');
  });
});
