import { afterEach, beforeEach, expect, vi } from 'vitest';
import { act } from '@testing-library/react';
import { refreshSession } from '../lib/session';
import { resetToasts } from './toasts';

/** A fresh `fetch` mock per test, with toasts and the session reset around it (API client tests). */
export function installFetchMock() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetToasts();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    refreshSession();
  });
  return fetchMock;
}

/** A fetch that answers only when the test says so, to look at the page while a request runs. */
export function heldFetch() {
  let answer: (response: Response) => void = () => undefined;
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  return { fetch, answer: (response: Response) => act(() => answer(response)) };
}

/**
 * A busy button says so and ignores presses but is not disabled, which would drop the focus to
 * <body>; once idle again it has its name back and keeps the focus.
 */
export function expectBusy(button: HTMLElement, busyName: string) {
  expect(button).toHaveAccessibleName(busyName);
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).toBeEnabled();
  expect(button).toHaveFocus();
}
export function expectIdle(button: HTMLElement, name: string) {
  expect(button).toHaveAccessibleName(name);
  expect(button).not.toHaveAttribute('aria-disabled');
  expect(button).toHaveFocus();
}
