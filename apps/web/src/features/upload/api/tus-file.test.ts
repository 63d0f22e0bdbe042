import { describe, expect, it } from 'vitest';
import { isVerdict } from './tus-file';

describe('a refused tus request', () => {
  it('is told as the file’s outcome when it is the server’s verdict, and sent again when it is not', () => {
    expect(isVerdict(415, null)).toBe(true); // not a photo or video
    expect(isVerdict(403, null)).toBe(true); // uploads closed
    // The address's hour of uploads is spent: waiting a minute would not help.
    expect(isVerdict(429, '3540')).toBe(true);
    // Too many uploads at once from this address: a few seconds will do.
    expect(isVerdict(429, '5')).toBe(false);
    expect(isVerdict(409, null)).toBe(false);
    expect(isVerdict(423, null)).toBe(false);
    expect(isVerdict(503, '5')).toBe(false);
    expect(isVerdict(0, null)).toBe(false); // no answer at all
  });
});
