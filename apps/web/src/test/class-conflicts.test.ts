import { describe, expect, it, vi } from 'vitest';

// The check the guest page's tests end with must name a real conflict, or it passes as well when the
// page draws one; and it must leave a clean list alone.
vi.mock('tailwind-merge', async () => ({ twMerge: (await import('./class-conflicts')).recordingTwMerge }));

describe('conflictingClassLists', () => {
  it('names a class list in which a later utility overrides an earlier one, and only that one', async () => {
    const { recordingTwMerge, conflictingClassLists, recordedClassLists } = await import('./class-conflicts');
    expect(recordingTwMerge('h-6 w-6 animate-spin', 'text-white')).toBe('h-6 w-6 animate-spin text-white');
    recordingTwMerge('h-6 w-6 animate-spin', 'h-8 w-8');
    expect(recordedClassLists()).toBe(2);
    expect(await conflictingClassLists()).toEqual(['h-6 w-6 animate-spin h-8 w-8']);
  });
});
