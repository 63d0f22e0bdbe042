// The prerendered landing page works as HTML: its links are real links and it shows everything a
// visitor reads. Loading and hydrating the whole app at load cost a slow phone its first seconds
// (docs/decisions/0118-landing-hydrates-on-demand.md), so on that page the app starts only when the
// visitor is about to need it. This file is in the entry chunk: it must not import React or the app.
import { storageKeys } from '@ani/contract/limits';

/** The visitor is about to use the page: press, tap, key or focus anywhere. */
const intentEvents = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
/** Scrolling moves the scroll progress bar and brings in sections that need the app. */
const scrollEvents = ['scroll', 'wheel'] as const;
/**
 * Marks prerendered content that is only complete once the app runs (text that follows the visitor's
 * clock, an autoplaying carousel): the app starts as soon as any of it is on screen.
 */
const needsAppAttribute = 'data-needs-app';

/**
 * Elements whose click does something only the app can do. A link is not among them: it navigates
 * on its own, and the server answers every address with the app.
 */
const controls = 'button, [role="button"], summary, label, input, select, textarea';

/**
 * The server cannot know whether this browser holds a session (it is kept in web storage), and the
 * prerendered header is the signed-out one: a signed-in visitor needs the app at once to see theirs.
 * Mirrors `getSession` in lib/session.ts without loading React.
 */
export function hasStoredSession(): boolean {
  for (const store of ['localStorage', 'sessionStorage'] as const) {
    try {
      if (window[store].getItem(storageKeys.token) !== null) return true;
    } catch {
      /* storage unavailable (privacy modes): it holds no session */
    }
  }
  return false;
}

/** Child indexes from root down to node, to find the same element again if the app re-created it. */
function pathFrom(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let el: Element = node; el !== root && el.parentElement; el = el.parentElement) {
    path.unshift(Array.prototype.indexOf.call(el.parentElement.children, el));
  }
  return path;
}

function follow(root: Element, path: number[], tagName: string): Element | null {
  let el: Element | undefined = root;
  for (const index of path) el = el?.children[index];
  return el && el.tagName === tagName ? el : null;
}

/**
 * Waits for the first sign that the visitor needs the app, then calls `start` (which loads the app
 * and hydrates `root`; it resolves once React handles the page's events). A click on a control before
 * then is held back and made again on the same element once the app has started, so the first press
 * of a button is never lost: React then hydrates that part of the page at once and runs its handler.
 * Only the last such click is made again (a second tap while the app loads is impatience, not a
 * request to toggle twice). Returns a function that stops waiting (for tests: a page never needs it).
 */
export function startOnDemand(root: HTMLElement, start: () => Promise<unknown>): () => void {
  let state: 'waiting' | 'loading' | 'started' = 'waiting';
  let held: { element: Element; path: number[] } | null = null;
  let observer: IntersectionObserver | null = null;

  const listen = (add: boolean) => {
    const method = add ? 'addEventListener' : 'removeEventListener';
    for (const type of intentEvents) document[method](type, begin, { capture: true, passive: true });
    for (const type of scrollEvents) window[method](type, begin, { passive: true });
  };

  const replay = () => {
    if (!held) return;
    const { element, path } = held;
    held = null;
    const target = element.isConnected ? element : follow(root, path, element.tagName);
    if (target instanceof HTMLElement) target.click();
  };

  function begin() {
    if (state !== 'waiting') return;
    state = 'loading';
    listen(false);
    observer?.disconnect();
    start().then(
      () => {
        state = 'started';
        document.removeEventListener('click', hold, true);
        replay();
      },
      () => {
        // Offline, say: the page stays as HTML and the next sign of use tries again.
        state = 'waiting';
        held = null;
        listen(true);
      },
    );
  }

  function hold(event: MouseEvent) {
    if (state === 'started' || !(event.target instanceof Element)) return;
    const control = event.target.closest(controls);
    if (!control || control.closest('a[href]') || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    held = { element: control, path: pathFrom(root, control) };
    // A click can come without a press before it (a screen reader's activation, say).
    begin();
  }

  document.addEventListener('click', hold, true);
  listen(true);
  const marked = root.querySelectorAll(`[${needsAppAttribute}]`);
  if (marked.length > 0 && typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) begin();
    });
    for (const el of marked) observer.observe(el);
  }
  return () => {
    listen(false);
    observer?.disconnect();
    document.removeEventListener('click', hold, true);
  };
}
