import { afterEach, beforeEach, expect, vi } from 'vitest';

// An unexpected console.error is a bug somebody would otherwise read past.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, 'console.error was called').toEqual([]);
});
