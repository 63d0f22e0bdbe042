import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/render';
import { MyUploads } from './my-uploads';

// Joined as the guest page's own build joins them (no tailwind-merge); the last test checks nothing conflicts.
vi.mock('tailwind-merge', async () => ({
  twMerge: (await import('../../../test/class-conflicts')).recordingTwMerge,
}));

const item = (id: string, state: 'processing' | 'pending' | 'approved') => ({
  id,
  name: `${id}.jpg`,
  type: 'image',
  size: 10,
  uploadedAt: '2026-12-05T10:00:00Z',
  state,
  thumbnailUrl: null,
});

/** "Yüklediklerim" answers, one per request, the last one repeated. */
function answers(...lists: ReturnType<typeof item>[][]) {
  let asked = 0;
  const mock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    const uploads = lists[Math.min(asked, lists.length - 1)]!;
    asked += 1;
    return jsonResponse({ success: true, canDelete: true, uploads });
  });
  return { count: () => mock.mock.calls.length };
}

const renderList = () =>
  render(<MyUploads eventId="ev1" token="tok1" round={0} onDeleted={() => undefined} />);

/** Moves the fake clock and lets the answers it set off arrive. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  // Only the timers the list uses. testing-library's findBy* waits on a setTimeout of its own, so
  // these tests let the answers arrive by moving the fake clock instead.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Yüklediklerim while a file is processing or awaiting approval', () => {
  it('asks again every 5 s while one is "İşleniyor", and stops once none is', async () => {
    const fetches = answers([item('p1', 'processing')], [item('p1', 'processing')], [item('p1', 'pending')]);
    renderList();
    await pass(0);
    expect(screen.getByText('İşleniyor')).toBeInTheDocument();
    expect(fetches.count()).toBe(1);
    await pass(4999);
    expect(fetches.count()).toBe(1);
    await pass(1);
    expect(fetches.count()).toBe(2);
    expect(screen.getByText('İşleniyor')).toBeInTheDocument();
    await pass(5000);
    expect(fetches.count()).toBe(3);
    expect(screen.getByText('Onay bekliyor')).toBeInTheDocument();
    expect(screen.queryByText('İşleniyor')).not.toBeInTheDocument();
    // Waiting for the couple's approval: asked again only once a minute.
    await pass(59_999);
    expect(fetches.count()).toBe(3);
    await pass(1);
    expect(fetches.count()).toBe(4);
  });

  it('shows an approval made while the list is open, then asks nothing more', async () => {
    const fetches = answers(
      [item('p1', 'approved'), item('p2', 'pending')],
      [item('p1', 'approved'), item('p2', 'approved')],
    );
    renderList();
    await pass(0);
    expect(screen.getByText('Onay bekliyor')).toBeInTheDocument();
    await pass(60_000);
    expect(fetches.count()).toBe(2);
    expect(screen.queryByText('Onay bekliyor')).not.toBeInTheDocument();
    expect(screen.getAllByText('Albümde')).toHaveLength(2);
  });

  it('asks nothing again when every item is in the album', async () => {
    const fetches = answers([item('p1', 'approved'), item('p2', 'approved')]);
    renderList();
    await pass(0);
    expect(screen.getAllByText('Albümde')).toHaveLength(2);
    await pass(180_000);
    expect(fetches.count()).toBe(1);
  });

  it('asks nothing while the page is hidden, and asks at once when it is shown again', async () => {
    const fetches = answers([item('p1', 'processing')], [item('p1', 'approved')]);
    renderList();
    await pass(0);
    expect(screen.getByText('İşleniyor')).toBeInTheDocument();
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(30_000);
    expect(fetches.count()).toBe(1);
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(0);
    expect(fetches.count()).toBe(2);
    expect(screen.getByText('Albümde')).toBeInTheDocument();
    await pass(30_000);
    expect(fetches.count()).toBe(2);
  });

  it('keeps asking after a failed refresh, keeping the list shown', async () => {
    let fail = false;
    const good = () => jsonResponse({ success: true, canDelete: true, uploads: [item('p1', 'processing')] });
    const mock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => (fail ? new Response('{}', { status: 503 }) : good()));
    renderList();
    await pass(0);
    expect(screen.getByText('İşleniyor')).toBeInTheDocument();
    fail = true;
    await pass(5000);
    expect(mock).toHaveBeenCalledTimes(2);
    expect(screen.getByText('İşleniyor')).toBeInTheDocument();
    await pass(5000);
    expect(mock).toHaveBeenCalledTimes(3);
  });

  it('leaves no timer behind once the list leaves the page', async () => {
    const fetches = answers([item('p1', 'processing')]);
    const { unmount } = renderList();
    await pass(0);
    expect(screen.getByText('İşleniyor')).toBeInTheDocument();
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    await pass(30_000);
    expect(fetches.count()).toBe(1);
  });
});

describe('Yüklediklerim’s tiles', () => {
  it('mark a video as the chosen files’ tiles do, even with a still frame that looks like a photo', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({
        success: true,
        canDelete: true,
        uploads: [
          { ...item('p1', 'approved'), name: 'dans.mp4', type: 'video', thumbnailUrl: '/t/p1.webp' },
          { ...item('p2', 'approved'), thumbnailUrl: '/t/p2.webp' },
        ],
      }),
    );
    renderList();
    await pass(0);
    const [video, photo] = within(screen.getByRole('list', { name: 'Yüklediklerim' })).getAllByRole(
      'listitem',
    );
    expect(within(video!).getByText('Video')).toBeInTheDocument();
    expect(within(photo!).queryByText('Video')).not.toBeInTheDocument();
  });
});

describe('class names on the guest page', () => {
  it('never carry two conflicting utilities, so the page’s build can join them without tailwind-merge', async () => {
    const { conflictingClassLists, recordedClassLists } = await import('../../../test/class-conflicts');
    // The tests above have drawn the list, its states and its buttons.
    expect(recordedClassLists()).toBeGreaterThan(2);
    expect(await conflictingClassLists()).toEqual([]);
  });
});
