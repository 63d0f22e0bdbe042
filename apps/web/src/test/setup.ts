import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { refreshSession } from '../lib/session';

// jsdom lacks pointer capture, which Radix's swipe-to-dismiss toasts call on pointer events.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
}

// jsdom has no layout and its scrollTo only logs a complaint: scrolling (the router's scroll
// restoration, the upload form's return to its top) does nothing here.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The session module keeps a snapshot of storage: a test that signed in leaves none for the next.
  refreshSession();
});

// A toast that closes starts a 200 ms timer (sonner's exit animation) that no unmount cancels. Let
// those timers run out while this file's window still exists; one that fires after jsdom is torn
// down throws "window is not defined" into the test run.
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 300));
});
