import { afterEach, beforeEach, vi } from 'vitest';
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
