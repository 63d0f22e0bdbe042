import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('shows an approval made while the list is open, then asks only every five minutes', async () => {
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
    await pass(240_000);
    expect(fetches.count()).toBe(2);
    await pass(60_000);
    expect(fetches.count()).toBe(3);
  });

  // A page left open on a table for hours: a file the couple deleted must not stay "Albümde" for long.
  it('asks again every five minutes when every item is in the album, dropping a file the couple removed', async () => {
    const fetches = answers([item('p1', 'approved'), item('p2', 'approved')], [item('p2', 'approved')]);
    renderList();
    await pass(0);
    expect(screen.getAllByText('Albümde')).toHaveLength(2);
    await pass(299_999);
    expect(fetches.count()).toBe(1);
    await pass(1);
    expect(fetches.count()).toBe(2);
    expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument();
    expect(screen.getAllByText('Albümde')).toHaveLength(1);
    // A file that was in the album is simply no longer listed: the note is only for awaited approvals.
    expect(screen.getByTestId('my-uploads-news')).toBeEmptyDOMElement();
    await pass(300_000);
    expect(fetches.count()).toBe(3);
  });

  it('asks at once when the page comes back into view, even with every item in the album', async () => {
    const fetches = answers([item('p1', 'approved'), item('p2', 'approved')], [item('p2', 'approved')]);
    renderList();
    await pass(0);
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(600_000);
    expect(fetches.count()).toBe(1);
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(0);
    expect(fetches.count()).toBe(2);
    expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument();
  });

  it('says, naming no one, how many files awaiting approval a refresh no longer lists', async () => {
    const fetches = answers(
      [item('p1', 'pending'), item('p2', 'pending'), item('p3', 'approved'), item('p4', 'pending')],
      [item('p2', 'pending'), item('p4', 'approved')],
      [item('p4', 'approved')],
    );
    renderList();
    await pass(0);
    const news = screen.getByTestId('my-uploads-news');
    expect(news).toBeEmptyDOMElement();
    await pass(60_000);
    expect(fetches.count()).toBe(2);
    // p1 went while awaiting approval; p3 was in the album (not counted); p4 was approved, not removed.
    expect(news).toHaveTextContent('Onay bekleyen 1 dosyanız albüme eklenmeden kaldırıldı.');
    await pass(60_000);
    expect(news).toHaveTextContent('Onay bekleyen 2 dosyanız albüme eklenmeden kaldırıldı.');
    // The same standing region: a screen reader hears the change.
    expect(screen.getByTestId('my-uploads-news')).toBe(news);
  });

  it('says nothing of files awaiting approval when the event is archived (an empty list that cannot change)', async () => {
    let archived = false;
    const mock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        jsonResponse(
          archived
            ? { success: true, canDelete: false, uploads: [] }
            : { success: true, canDelete: true, uploads: [item('p1', 'pending')] },
        ),
      );
    renderList();
    await pass(0);
    archived = true;
    await pass(60_000);
    expect(mock).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Bu telefondan yüklenmiş bir dosya yok.')).toBeInTheDocument();
    expect(screen.getByTestId('my-uploads-news')).toBeEmptyDOMElement();
  });

  it('moves the focus to the heading when a refresh removes the tile holding it, not to the page', async () => {
    answers([item('p1', 'approved'), item('p2', 'approved')], [item('p2', 'approved')]);
    renderList();
    await pass(0);
    act(() => screen.getByRole('button', { name: 'p1.jpg dosyasını sil' }).focus());
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(0);
    expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Yüklediklerim' })).toHaveFocus();
  });

  it('leaves the focus where it is when a refresh keeps its tile', async () => {
    answers([item('p1', 'approved'), item('p2', 'approved')], [item('p2', 'approved')]);
    renderList();
    await pass(0);
    const kept = screen.getByRole('button', { name: 'p2.jpg dosyasını sil' });
    act(() => kept.focus());
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await pass(0);
    expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument();
    expect(kept).toHaveFocus();
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

describe('deleting from Yüklediklerim', () => {
  /** The list's answers in turn (the last one repeated), and the server's answer to a delete. */
  function server(lists: ReturnType<typeof item>[][], deleted: () => Response) {
    let asked = 0;
    const deletes: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') {
        deletes.push(String(input));
        return deleted();
      }
      const uploads = lists[Math.min(asked, lists.length - 1)]!;
      asked += 1;
      return jsonResponse({ success: true, canDelete: true, uploads });
    });
    return { deletes, asks: () => asked };
  }
  const notFound = () =>
    jsonResponse(
      {
        success: false,
        message: 'Bu yükleme bulunamadı. Yalnızca bu telefondan yüklediklerinizi silebilirsiniz.',
      },
      404,
    );

  /** Renders the list (real timers: the dialog's code loads with the tap), deletes `name` and confirms. */
  async function deleteFile(name: string) {
    vi.useRealTimers();
    const onDeleted = vi.fn();
    render(<MyUploads eventId="ev1" token="tok1" round={0} onDeleted={onDeleted} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${name} dosyasını sil` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    return { onDeleted };
  }

  it('takes a file the couple already removed off the list and says so kindly, with the focus on the heading', async () => {
    // The server's list no longer has p1 either; the page showed it from an older answer.
    const calls = server(
      [[item('p1', 'approved'), item('p2', 'approved')], [item('p2', 'approved')]],
      notFound,
    );
    const { onDeleted } = await deleteFile('p1.jpg');
    expect(calls.deletes).toEqual(['/api/events/ev1/my-uploads/p1']);
    await waitFor(() =>
      expect(screen.getByTestId('my-uploads-news')).toHaveTextContent('Bu dosya albümden zaten kaldırılmış.'),
    );
    expect(screen.queryByText(/Bu yükleme bulunamadı/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument();
    expect(screen.getByText('p2.jpg')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Yüklediklerim' })).toHaveFocus());
    // The album's count in the page's header may have changed too.
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('says a file awaiting approval is already removed without saying it was in the album', async () => {
    server([[item('p1', 'pending'), item('p2', 'approved')]], notFound);
    await deleteFile('p1.jpg');
    await waitFor(() =>
      expect(screen.getByTestId('my-uploads-news')).toHaveTextContent('Bu dosya zaten kaldırılmış.'),
    );
    expect(screen.getByTestId('my-uploads-news')).not.toHaveTextContent('albüm');
    expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Yüklediklerim' })).toHaveFocus());
  });

  it('deletes a file that is still there as before, focus on the heading', async () => {
    const calls = server([[item('p1', 'approved'), item('p2', 'approved')]], () =>
      jsonResponse({ success: true, message: 'Yüklemeniz silindi.' }),
    );
    const { onDeleted } = await deleteFile('p1.jpg');
    await waitFor(() =>
      expect(screen.getByTestId('my-uploads-news')).toHaveTextContent('Yüklemeniz silindi.'),
    );
    expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Yüklediklerim' })).toHaveFocus());
    expect(onDeleted).toHaveBeenCalledTimes(1);
    // Nothing is said of it as "removed while awaiting approval", and the list was not asked again.
    expect(screen.getByTestId('my-uploads-news')).not.toHaveTextContent('Onay bekleyen');
    expect(calls.asks()).toBe(1);
  });

  it('does not bring back a file it deleted when an answer asked for before the delete still lists it', async () => {
    vi.useRealTimers();
    let late: (response: Response) => void = () => undefined;
    let asked = 0;
    const listOf = (...uploads: ReturnType<typeof item>[]) =>
      jsonResponse({ success: true, canDelete: true, uploads });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_, init) => {
      if (init?.method === 'DELETE') return jsonResponse({ success: true, message: 'Yüklemeniz silindi.' });
      asked += 1;
      if (asked === 2) return new Promise<Response>((resolve) => (late = resolve));
      return asked === 1
        ? listOf(item('p1', 'pending'), item('p2', 'pending'))
        : listOf(item('p2', 'pending'));
    });
    render(<MyUploads eventId="ev1" token="tok1" round={0} onDeleted={() => undefined} />);
    const user = userEvent.setup();
    const bin = await screen.findByRole('button', { name: 'p1.jpg dosyasını sil' });
    // Back into view: the list is asked again, and that answer is slow to come.
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await user.click(bin);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument());
    await act(async () => late(listOf(item('p1', 'pending'), item('p2', 'pending'))));
    expect(screen.queryByText('p1.jpg')).not.toBeInTheDocument();
    // Still none of "removed while awaiting approval" when the next answer leaves it out, as it should.
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(asked).toBe(3));
    await act(async () => undefined);
    expect(screen.getByTestId('my-uploads-news')).toHaveTextContent('Yüklemeniz silindi.');
    expect(screen.getByTestId('my-uploads-news')).not.toHaveTextContent('Onay bekleyen');
  });

  it('keeps any other refusal as an alert, the file listed and the list asked again', async () => {
    const calls = server([[item('p1', 'approved')]], () =>
      jsonResponse(
        { success: false, message: 'Yüklemeler kapandığı için dosyalarınız artık silinemez.' },
        403,
      ),
    );
    const { onDeleted } = await deleteFile('p1.jpg');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Yüklemeler kapandığı için dosyalarınız artık silinemez.',
    );
    expect(screen.getByText('p1.jpg')).toBeInTheDocument();
    expect(screen.getByTestId('my-uploads-news')).toBeEmptyDOMElement();
    await waitFor(() => expect(calls.asks()).toBe(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'p1.jpg dosyasını sil' })).toHaveFocus());
    expect(onDeleted).not.toHaveBeenCalled();
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
