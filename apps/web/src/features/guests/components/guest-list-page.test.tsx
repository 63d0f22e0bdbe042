import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/ui/toaster';
import { resetToasts } from '../../../test/toasts';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { signInHost } from '../../../test/session';
import { sampleGuest, sampleWedding } from '../../../test/wedding-fixtures';
import { GuestListPage } from './guest-list-page';

const wedding = { ...sampleWedding, guestListApproved: true };
const guest = { ...sampleGuest, invitationStatus: 'queued' };

function signedIn() {
  resetToasts();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  signInHost();
}

const renderPage = () =>
  renderWithRouter(
    <>
      <GuestListPage renderChat={() => null} />
      <Toaster />
    </>,
  );

/**
 * The approved list's server: its guests as `list()` says, each change recorded with its URL and body
 * and answered by `put` or `remove` (a DELETE that succeeds takes the guest out and closes the gap).
 * Also tells jsdom, which lays nothing out, the box the virtualized table mounts its rows in.
 */
function approvedListServer(
  initial: (typeof guest)[],
  answers: { put?: (body: Record<string, unknown>) => Response; remove?: () => Response },
) {
  signedIn();
  let list = initial;
  const puts: { url: string; body: Record<string, unknown> }[] = [];
  const deletes: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'PUT' && answers.put) {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push({ url, body });
      return answers.put(body);
    }
    if (init?.method === 'DELETE' && answers.remove) {
      const body = JSON.parse(String(init.body)) as { phone: string };
      deletes.push(body);
      const answer = answers.remove();
      if (answer.ok)
        list = list.filter((g) => g.phone !== body.phone).map((g, i) => ({ ...g, index: i + 1 }));
      return answer;
    }
    if (url.includes('/weddings/info')) return jsonResponse({ success: true, wedding });
    if (url.includes('/statistics'))
      return jsonResponse({
        success: true,
        katılacak: 0,
        katılamayacak: 0,
        belirsiz: list.length,
        ulaşılamadı: 0,
      });
    if (url.includes('/whatsapp-status'))
      return jsonResponse({
        success: true,
        connected: true,
        counts: { queued: list.length, sent: 0, delivered: 0, read: 0, failed: 0 },
      });
    return jsonResponse({ success: true, guestListApproved: true, guestList: list });
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  return { puts, deletes };
}

const saved = (body: Record<string, unknown>) =>
  jsonResponse({ success: true, message: 'Güncellendi', guest: { ...guest, ...body, index: 1 } });

describe('guest list page', () => {
  it('logs a failed statistics call as "İstatistikler alınamadı" and shows no toast for it', async () => {
    signedIn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/weddings/info')) return jsonResponse({ success: true, wedding });
      if (url.includes('/statistics')) return jsonResponse({ success: false, message: 'Sunucu hatası' }, 500);
      if (url.includes('/whatsapp-status'))
        return jsonResponse({
          success: true,
          connected: true,
          counts: { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 },
        });
      return jsonResponse({ success: true, guestListApproved: true, guestList: [guest] });
    });
    renderPage();
    expect(await screen.findByText('1 davetli')).toBeInTheDocument();
    await waitFor(() => expect(errors).toHaveBeenCalledWith('İstatistikler alınamadı', expect.anything()), {
      timeout: 4000,
    });
    expect(screen.queryByText('Sunucu hatası')).not.toBeInTheDocument();
  });

  it.each([
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch')), 'Düğün bilgileri alınamadı'],
    [
      'an answer without words',
      () => Promise.resolve(new Response('', { status: 502, statusText: 'Bad Gateway' })),
      'Düğün bilgileri yüklenemedi',
    ],
    [
      "the server's own message",
      () => Promise.resolve(jsonResponse({ success: false, message: 'Bakım çalışması' }, 503)),
      'Bakım çalışması',
    ],
  ])('shows a failed wedding lookup with %s', async (_case, answer, text) => {
    signedIn();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer());
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Tekrar Dene' })).toBeInTheDocument();
  });

  it('sends a host without a wedding (404) to the home form instead', async () => {
    signedIn();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Düğün bulunamadı.' }, 404),
    );
    renderPage();
    expect(await screen.findByText('Henüz düğün bilgileriniz yok')).toBeInTheDocument();
  });

  /** The list page on a wedding approved or not, whose guest answers "Evet" after the first look. */
  function answeringGuest(approvedList: boolean) {
    signedIn();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const asked = { list: 0, stats: 0 };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/weddings/info'))
        return jsonResponse({ success: true, wedding: { ...wedding, guestListApproved: approvedList } });
      if (url.includes('/whatsapp-status'))
        return jsonResponse({
          success: true,
          connected: true,
          counts: { queued: 0, sent: 1, delivered: 0, read: 0, failed: 0 },
        });
      const answered = url.includes('/statistics') ? asked.stats++ > 0 : asked.list++ > 0;
      if (url.includes('/statistics'))
        return jsonResponse({
          success: true,
          ...(answered
            ? { katılacak: 2, katılamayacak: 0, belirsiz: 0, ulaşılamadı: 0 }
            : { katılacak: 0, katılamayacak: 0, belirsiz: 2, ulaşılamadı: 0 }),
        });
      return jsonResponse({
        success: true,
        guestListApproved: approvedList,
        guestList: [answered ? { ...guest, status: 'katılacak', guestCount: 2 } : guest],
      });
    });
    return asked;
  }

  it('shows a guest’s WhatsApp answer in the list and the cards while the approved list is open', async () => {
    const asked = answeringGuest(true);
    try {
      renderPage();
      const attending = async () => (await screen.findByTestId('stat-Katılacak Kişi')).textContent;
      await waitFor(async () => expect(await attending()).toContain('0'));
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      await waitFor(async () => expect(await attending()).toContain('2'));
      expect(asked.list).toBeGreaterThanOrEqual(2);
      expect(asked.stats).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing again while the list is not approved (no invitation is out to answer)', async () => {
    const asked = answeringGuest(false);
    try {
      renderPage();
      await waitFor(() => expect(asked).toEqual({ list: 1, stats: 1 }));
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(asked).toEqual({ list: 1, stats: 1 });
      expect(screen.getByTestId('stat-Katılacak Kişi')).not.toHaveTextContent('2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves a changed row when the host opens another one, and leaves that one open', async () => {
    const ayse = { ...guest, index: 2, name: 'Ayşe Kaya', phone: '+905321234568' };
    const { puts } = approvedListServer([guest, ayse], { put: saved });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ali Veli düzenle' }));
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'katılacak' } });
    await user.click(screen.getByRole('button', { name: 'Ayşe Kaya düzenle' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.url).toContain('/guests/1');
    expect(puts[0]!.body).toMatchObject({ status: 'katılacak', guestCount: 2 });
    // Ayşe's editor stays open once Ali's save comes back.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Ali Veli düzenle' })).toBeInTheDocument(),
    );
    expect(screen.getAllByLabelText('Durum')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Ayşe Kaya düzenle' })).not.toBeInTheDocument();
  });

  it('keeps the list and the open edit when a save fails, and saves it on the next "Kaydet"', async () => {
    let failing = true;
    const { puts } = approvedListServer([guest], {
      put: (body) =>
        failing
          ? jsonResponse({ success: false, message: 'Sunucuya ulaşılamadı, tekrar deneyin.' }, 500)
          : saved(body),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ali Veli düzenle' }));
    fireEvent.change(screen.getByLabelText('Durum'), { target: { value: 'katılamayacak' } });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Sunucuya ulaşılamadı, tekrar deneyin.')).toBeInTheDocument();
    // The list is still there, the editor still open with the host's choice in it.
    expect(screen.getByTestId('guest-row-1')).toHaveTextContent('Ali Veli');
    expect(screen.getByLabelText('Durum')).toHaveValue('katılamayacak');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByLabelText('Durum')).not.toBeInTheDocument());
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({ status: 'katılamayacak' });
  });

  /** An approved list of three whose server deletes (or refuses to) and then answers the shorter list. */
  const approvedListOfThree = (deleteAnswer: () => Response) =>
    approvedListServer(
      [
        guest,
        { ...guest, index: 2, name: 'Ayşe Kaya', phone: '+905321234568' },
        { ...guest, index: 3, name: 'Can Demir', phone: '+905321234569' },
      ],
      { remove: deleteAnswer },
    ).deletes;

  it('deletes a guest of the approved list after a confirm: the row leaves, a toast says so, the focus goes on', async () => {
    const deletes = approvedListOfThree(() => jsonResponse({ success: true, message: 'Davetli silindi.' }));
    const user = userEvent.setup();
    renderPage();
    // Every row of the approved list has its own delete action, named after the guest.
    for (const name of ['Ali Veli', 'Ayşe Kaya', 'Can Demir'])
      expect(await screen.findByRole('button', { name: `${name} sil` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ayşe Kaya sil' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Davetliyi Sil' });
    expect(dialog).toHaveTextContent(
      'Ayşe Kaya (+90 532 123 45 68) adlı davetlinin kaydı ve WhatsApp yazışması kalıcı olarak silinecek. Bu işlem geri alınamaz.',
    );
    // "Vazgeç" deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Ayşe Kaya sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Ayşe Kaya sil' })).not.toBeInTheDocument(),
    );
    expect(deletes).toEqual([{ weddingId: wedding.weddingId, name: 'Ayşe Kaya', phone: '+905321234568' }]);
    expect(await screen.findByText('Davetli silindi.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The next guest moved up into the gap, and the keyboard goes on from its delete button.
    expect(screen.getByTestId('guest-row-2')).toHaveTextContent('Can Demir');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Can Demir sil' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Ali Veli sil' })).toBeInTheDocument();
  });

  it('keeps the row and says why when the delete fails', async () => {
    const deletes = approvedListOfThree(() =>
      jsonResponse({ success: false, message: 'Sunucuya ulaşılamadı, tekrar deneyin.' }, 500),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ayşe Kaya sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Sunucuya ulaşılamadı, tekrar deneyin.')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ayşe Kaya sil' })).toBeInTheDocument();
    expect(screen.getByTestId('guest-row-2')).toHaveTextContent('Ayşe Kaya');
    expect(screen.getByText('3 davetli')).toBeInTheDocument();
  });
});
