import { describe, expect, it } from 'vitest';
import { coverFileParams, setCoverInput, stockCovers, stockCoverSet } from './events.ts';
import { messages } from './messages.ts';

describe('cover contract', () => {
  it('names every stock cover’s AVIF and WebP widths beside its JPEG', () => {
    expect(stockCoverSet('/images/covers/cover-3.jpg')).toEqual({
      src: '/images/covers/cover-3.jpg',
      srcSetWebp:
        '/images/covers/cover-3-480.webp 480w, /images/covers/cover-3-960.webp 960w, /images/covers/cover-3-1600.webp 1600w',
      srcSetAvif:
        '/images/covers/cover-3-480.avif 480w, /images/covers/cover-3-960.avif 960w, /images/covers/cover-3-1600.avif 1600w',
    });
    for (const path of stockCovers) expect(stockCoverSet(path)).not.toBeNull();
    expect(stockCoverSet('/images/covers/cover-9.jpg')).toBeNull();
    expect(stockCoverSet('https://evil.example/x.jpg')).toBeNull();
  });

  it('takes exactly one of a stock cover and an album photo', () => {
    expect(setCoverInput.parse({ coverImage: stockCovers[1] })).toEqual({ coverImage: stockCovers[1] });
    expect(setCoverInput.parse({ photoId: ' p1 ' })).toEqual({ photoId: 'p1' });
    for (const input of [{}, { coverImage: stockCovers[0], photoId: 'p1' }]) {
      const result = setCoverInput.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(messages.cover.choiceRequired);
    }
    expect(setCoverInput.safeParse({ coverImage: '/etc/passwd' }).error!.issues[0]!.message).toBe(
      messages.events.coverImageInvalid,
    );
  });

  it('accepts only generated cover file names', () => {
    expect(coverFileParams.safeParse({ eventId: 'e', file: '0123456789abcdef-480.avif' }).success).toBe(true);
    for (const file of ['../x-480.avif', '0123456789abcdef-480.svg', '0123456789ABCDEF-480.jpg', 'a-480.jpg'])
      expect(coverFileParams.safeParse({ eventId: 'e', file }).success, file).toBe(false);
  });
});
