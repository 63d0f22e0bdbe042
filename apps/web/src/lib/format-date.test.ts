import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatLongDate } from './format-date';

describe('Turkish dates and sizes', () => {
  it('prints the long date of the Istanbul calendar day', () => {
    expect(formatLongDate('2026-12-05T12:00:00.000Z')).toBe('5 Aralık 2026');
    // 22:30 UTC is already the next day in Istanbul.
    expect(formatLongDate('2026-08-14T22:30:00.000Z')).toBe('15 Ağustos 2026');
    expect(formatLongDate('yok')).toBe('');
  });

  it('prints date and time for the details panel', () => {
    expect(formatDateTime('2026-12-05T18:30:00.000Z')).toBe('5 Aralık 2026 21:30');
  });

  it('prints sizes with a Turkish decimal comma', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(50 * 1024 ** 3)).toBe('50 GB');
    // Never four digits: just under a megabyte already reads as one.
    expect(formatBytes(1008 * 1024)).toBe('1 MB');
    expect(formatBytes(999 * 1024)).toBe('999 KB');
    expect(formatBytes(1010)).toBe('1 KB');
    expect(formatBytes(Math.round(999.7 * 1024))).toBe('1 MB');
  });
});
