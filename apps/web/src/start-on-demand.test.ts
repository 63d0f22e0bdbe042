import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@ani/contract/limits';
import { hasStoredSession, startOnDemand } from './start-on-demand';

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The prerendered page in miniature: a button, a link and a section marked as needing the app. */
function page() {
  document.body.innerHTML = `
    <div id="root">
      <header><button type="button" id="login">Giriş Yap</button><a href="/contact" id="contact">İletişim</a></header>
      <main><section><div><button type="button" id="faq"><span id="faq-text">Soru</span></button></div></section></main>
    </div>`;
  return document.getElementById('root')!;
}

/** A start the test finishes itself, so it sees the page between the press and the app's start. */
function controlledStart() {
  let finish: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const start = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = () => reject(new Error('offline'));
      }),
  );
  return {
    start,
    finish: async () => {
      finish();
      await Promise.resolve();
      await Promise.resolve();
    },
    fail: async () => {
      fail();
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

function run(root: HTMLElement, start: () => Promise<unknown>) {
  stops.push(startOnDemand(root, start));
}

describe('startOnDemand', () => {
  it('does not start the app while nobody uses the page, and starts it once on the first press', () => {
    const root = page();
    const { start } = controlledStart();
    run(root, start);
    expect(start).not.toHaveBeenCalled();
    document.getElementById('faq')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }));
    window.dispatchEvent(new Event('scroll'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'touchstart',
      () => document.getElementById('login')!.dispatchEvent(new Event('touchstart', { bubbles: true })),
    ],
    [
      'keydown',
      () => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' })),
    ],
    ['focusin', () => document.getElementById('login')!.focus()],
    ['scroll', () => window.dispatchEvent(new Event('scroll'))],
    ['wheel', () => window.dispatchEvent(new WheelEvent('wheel'))],
  ])('starts the app on %s', (_name, act) => {
    const { start } = controlledStart();
    run(page(), start);
    act();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a click on a button until the app has started, then makes it again on the same element', async () => {
    const root = page();
    const { start, finish } = controlledStart();
    run(root, start);
    const login = document.getElementById('login')!;
    const seen: string[] = [];
    login.addEventListener('click', (event) => seen.push(event.isTrusted ? 'trusted' : 'replayed'));

    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    login.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    expect(start).toHaveBeenCalledTimes(1);

    await finish();
    expect(seen).toEqual(['replayed']);
    // Once started, clicks go through untouched.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    login.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(seen).toHaveLength(2);
  });

  it('makes the click again on the control, not the inner text that was pressed', async () => {
    const root = page();
    const { start, finish } = controlledStart();
    run(root, start);
    const onFaq = vi.fn();
    document.getElementById('faq')!.addEventListener('click', (e) => onFaq(e.target));
    document.getElementById('faq-text')!.click();
    expect(onFaq).not.toHaveBeenCalled();
    await finish();
    expect(onFaq).toHaveBeenCalledWith(document.getElementById('faq'));
  });

  it('finds the same control again when the app re-created the page', async () => {
    const root = page();
    const { start, finish } = controlledStart();
    run(root, start);
    document.getElementById('faq')!.click();
    // A hydration that gave up on the HTML renders new elements in the same places.
    const html = root.innerHTML;
    root.innerHTML = html;
    const onNewFaq = vi.fn();
    document.getElementById('faq')!.addEventListener('click', onNewFaq);
    await finish();
    expect(onNewFaq).toHaveBeenCalledTimes(1);
  });

  it('makes only the last held click again', async () => {
    const root = page();
    const { start, finish } = controlledStart();
    run(root, start);
    const onLogin = vi.fn();
    const onFaq = vi.fn();
    document.getElementById('login')!.addEventListener('click', onLogin);
    document.getElementById('faq')!.addEventListener('click', onFaq);
    document.getElementById('login')!.click();
    document.getElementById('faq')!.click();
    await finish();
    expect(onLogin).not.toHaveBeenCalled();
    expect(onFaq).toHaveBeenCalledTimes(1);
  });

  it('leaves a link to navigate by itself, and a click outside any control alone', async () => {
    const root = page();
    const { start, finish } = controlledStart();
    run(root, start);
    const contact = document.getElementById('contact')!;
    let preventedBeforeLink: boolean | null = null;
    contact.addEventListener('click', (event) => {
      preventedBeforeLink = event.defaultPrevented;
      // jsdom cannot navigate; the browser would.
      event.preventDefault();
    });
    contact.click();
    expect(preventedBeforeLink).toBe(false);
    const text = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('section')!.dispatchEvent(text);
    expect(text.defaultPrevented).toBe(false);
    // Neither is made again once the app has started.
    const onSection = vi.fn();
    root.querySelector('section')!.addEventListener('click', onSection);
    await finish();
    expect(onSection).not.toHaveBeenCalled();
  });

  it('tries again on the next press when the app failed to load, and drops the click it held', async () => {
    const root = page();
    const { start, fail } = controlledStart();
    run(root, start);
    const onLogin = vi.fn();
    document.getElementById('login')!.addEventListener('click', onLogin);
    document.getElementById('login')!.click();
    await fail();
    expect(onLogin).not.toHaveBeenCalled();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('starts the app when content that needs it comes on screen, not while it is off screen', () => {
    let callback: IntersectionObserverCallback = () => undefined;
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          callback = cb;
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    const root = page();
    root.querySelector('section')!.setAttribute('data-needs-app', '');
    const { start } = controlledStart();
    run(root, start);
    expect(observed).toEqual([root.querySelector('section')]);
    const entry = (isIntersecting: boolean) =>
      [{ isIntersecting, target: observed[0]! }] as unknown as IntersectionObserverEntry[];
    callback(entry(false), {} as IntersectionObserver);
    expect(start).not.toHaveBeenCalled();
    callback(entry(true), {} as IntersectionObserver);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('hasStoredSession', () => {
  it('is false without a token and true with one in either storage', () => {
    expect(hasStoredSession()).toBe(false);
    window.sessionStorage.setItem(storageKeys.token, 'abc');
    expect(hasStoredSession()).toBe(true);
    window.sessionStorage.clear();
    window.localStorage.setItem(storageKeys.token, 'abc');
    expect(hasStoredSession()).toBe(true);
  });
});
