import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/ui/toaster';
import { resetToasts } from '../../../test/toasts';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { signInHost } from '../../../test/session';
import { sampleGuest, sampleWedding } from '../../../test/wedding-fixtures';
import { AddGuestsPage } from './add-guests-page';

const wedding = sampleWedding;

const guest = sampleGuest;

describe('add guests page', () => {
  it('saves a pasted block one row at a time, in on-screen order, so the server numbers them as shown', async () => {
    signInHost();
    const posted: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/weddings/info')) return jsonResponse({ success: true, wedding });
      if (url.includes('/guests') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as {
          name: string;
          phone: string;
          expectedGuestCount: number;
        };
        posted.push(body.name);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // The first request is the slowest: without a queue the later rows would overtake it.
        await new Promise((r) => setTimeout(r, posted.length === 1 ? 60 : 5));
        inFlight -= 1;
        const guest = {
          index: posted.length,
          name: body.name,
          phone: body.phone,
          status: 'belirsiz',
          guestCount: 0,
          expectedGuestCount: body.expectedGuestCount,
          invitationStatus: null,
        };
        return jsonResponse({ success: true, message: 'Misafir başarıyla eklendi', guest });
      }
      return jsonResponse({ success: true, guestListApproved: false, guestList: [] });
    });
    const user = userEvent.setup();
    renderWithRouter(<AddGuestsPage />);
    await user.click(await screen.findByLabelText('1. davetli adı'));
    await user.paste('İpek Işık, 0544 000 11 22\nOsman Ünal;5055556677;3\nCeren Şahin\t+90 542 123 45 67');
    expect(screen.getByLabelText('3. davetli adı')).toHaveValue('Ceren Şahin');

    await waitFor(() => expect(posted).toHaveLength(3), { timeout: 5000 });
    await waitFor(() => expect(screen.getByLabelText('4. davetli adı')).toHaveValue(''));
    expect(posted).toEqual(['İpek Işık', 'Osman Ünal', 'Ceren Şahin']);
    expect(maxInFlight).toBe(1);
  });

  /** The page with the server's POST answered by `answer` for the n-th guest sent (1-based). */
  function pageWithAnswers(answer: (n: number, body: { name: string; phone: string }) => Response) {
    resetToasts();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signInHost();
    const posted: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/weddings/info')) return jsonResponse({ success: true, wedding });
      if (url.includes('/guests') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; phone: string };
        posted.push(`${body.name} ${body.phone}`);
        return answer(posted.length, body);
      }
      if (url.includes('/whatsapp-status'))
        return jsonResponse({
          success: true,
          connected: true,
          counts: { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 },
        });
      return jsonResponse({ success: true, guestListApproved: false, guestList: [] });
    });
    router = renderWithRouter(
      <>
        <AddGuestsPage />
        <Toaster />
      </>,
      { path: '/dashboard/guests/add' },
    ).router;
    return posted;
  }
  let router: ReturnType<typeof renderWithRouter>['router'];
  /** Ayşe typed into the first row and left: the row is saved. */
  async function firstRowSaved(user: ReturnType<typeof userEvent.setup>, posted: string[]) {
    await user.type(await screen.findByLabelText('1. davetli adı'), 'Ayşe');
    await user.type(screen.getByLabelText('1. davetli telefonu'), '05441112233');
    await user.click(document.body); // the host moves on: a row is saved once left
    await waitFor(() => expect(posted).toHaveLength(1), { timeout: 4000 });
  }
  const added = (body: { name: string; phone: string }) =>
    jsonResponse({ success: true, message: 'Misafir başarıyla eklendi', guest: { ...guest, ...body } });

  it('does not resend a row the server could not take by itself: one error, then "Tekrar Dene" sends it', async () => {
    const posted = pageWithAnswers((n, body) =>
      n === 1 ? new Response('', { status: 503, statusText: 'Service Unavailable' }) : added(body),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('1. davetli adı'), 'Ayşe');
    await user.type(screen.getByLabelText('1. davetli telefonu'), '05441112233');
    await user.click(document.body); // the host moves on: a row is saved once left
    // The advice to try again is said once, not after a reason that already says it.
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'Misafir eklenirken bir hata oluştu. Lütfen tekrar deneyin.',
    );
    // Well past another autosave delay: the same content is not sent again.
    await new Promise((r) => setTimeout(r, 2600));
    expect(posted).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('2. davetli adı')).toHaveValue(''));
    expect(screen.queryByText(/Tekrar deneyebilirsiniz/)).not.toBeInTheDocument();
  }, 15_000);

  it('adds the advice to try again after a server reason that does not already give it', async () => {
    pageWithAnswers(() =>
      jsonResponse({ success: false, message: 'Hizmet geçici olarak kullanılamıyor.' }, 503),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('1. davetli adı'), 'Ayşe');
    await user.type(screen.getByLabelText('1. davetli telefonu'), '05441112233');
    await user.click(document.body);
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'Hizmet geçici olarak kullanılamıyor. Tekrar deneyebilirsiniz.',
    );
  }, 15_000);

  it('shows a refusal on its row with the server’s reason and no useless retry; an edit sends it again', async () => {
    const posted = pageWithAnswers((n, body) =>
      n === 1
        ? jsonResponse(
            { success: false, message: 'Bu telefon numarasıyla kayıtlı bir davetli zaten var.' },
            409,
          )
        : added(body),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('1. davetli adı'), 'Ayşe');
    await user.type(screen.getByLabelText('1. davetli telefonu'), '05441112233');
    await user.click(document.body); // the host moves on: a row is saved once left
    const reason = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(reason).toHaveTextContent(
      'Bu telefon numarasıyla kayıtlı bir davetli zaten var. Düzelttiğinizde yeniden kaydedilir.',
    );
    expect(screen.queryByRole('button', { name: 'Tekrar Dene' })).not.toBeInTheDocument();
    const phone = screen.getByLabelText('1. davetli telefonu');
    await user.clear(phone);
    await user.type(phone, '05441112234');
    await user.click(document.body);
    await waitFor(() => expect(posted).toHaveLength(2), { timeout: 4000 });
    await waitFor(() => expect(screen.getByLabelText('2. davetli adı')).toHaveValue(''));
  }, 15_000);

  it('saves a row still waiting for its autosave before the approval, and names rows that stay out', async () => {
    const posted = pageWithAnswers((_n, body) => added(body));
    const user = userEvent.setup();
    await firstRowSaved(user, posted);
    // A complete row typed just now, and an incomplete one.
    await user.type(await screen.findByLabelText('2. davetli adı'), 'Son Dakika');
    await user.type(screen.getByLabelText('2. davetli telefonu'), '05441112244');
    await user.click(screen.getByRole('button', { name: 'Satır Ekle' }));
    await user.type(screen.getByLabelText('3. davetli adı'), 'Yarım');
    await user.click(screen.getByRole('button', { name: /Listeyi Tamamla/ }));
    const dialog = await screen.findByRole('dialog');
    // Sent at once, not 2 s later when the list may already be locked.
    expect(posted).toEqual(['Ayşe +905441112233', 'Son Dakika +905441112244']);
    expect(dialog).toHaveTextContent(
      '1 satır kaydedilmedi (eksik ya da hatalı); onaylarsanız listeye girmez',
    );
    // A reload or a closed tab would lose that row: the browser is told to ask first.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  }, 15_000);

  it('never saves a row under the cursor: a pause in the middle of a name keeps the rest of it', async () => {
    const posted = pageWithAnswers((_n, body) => added(body));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('1. davetli telefonu'), '05441112233');
    await user.type(screen.getByLabelText('1. davetli adı'), 'Kemal');
    // The host thinks for a moment, still in the row: past the autosave's wait, nothing is sent.
    expect(
      await screen.findByText('Satırdan çıkınca kaydedilecek', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.type(screen.getByLabelText('1. davetli adı'), ' Sunal');
    await user.tab();
    await user.tab();
    await user.tab(); // on from the last row's count: a new row
    expect(screen.getByLabelText('2. davetli adı')).toHaveFocus();
    await waitFor(() => expect(posted).toEqual(['Kemal Sunal +905441112233']), { timeout: 4000 });
  }, 15_000);

  it('saves a complete row at once when the host goes to another page before its autosave', async () => {
    const posted = pageWithAnswers((_n, body) => added(body));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('1. davetli adı'), 'Kaybolmayan Misafir');
    await user.type(screen.getByLabelText('1. davetli telefonu'), '05381234567');
    expect(posted).toEqual([]);
    cleanup(); // the page left for another one of the app's pages
    await waitFor(() => expect(posted).toEqual(['Kaybolmayan Misafir +905381234567']), { timeout: 4000 });
  });

  it('asks before another page of the app drops a row that cannot be saved; a saved list leaves freely', async () => {
    const posted = pageWithAnswers((_n, body) => added(body));
    const user = userEvent.setup();
    await firstRowSaved(user, posted);
    // Everything is saved: the host goes where the link leads, unasked.
    await act(() => router.navigate('/dashboard/guests/list'));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/guests/list');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await act(() => router.navigate('/dashboard/guests/add'));
    await user.type(screen.getByLabelText('2. davetli adı'), 'Telefonu Yazılmamış');
    await act(() => router.navigate('/dashboard/guests/list'));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(
      '1 satır kaydedilmedi (eksik ya da hatalı); sayfadan ayrılırsanız silinir.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/guests/add');
    await user.click(screen.getByRole('button', { name: 'Vazgeç' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/guests/add');
    expect(screen.getByLabelText('2. davetli adı')).toHaveValue('Telefonu Yazılmamış');

    await act(() => router.navigate('/dashboard/guests/list'));
    await user.click(await screen.findByRole('button', { name: 'Sayfadan Ayrıl' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/guests/list');
  }, 15_000);

  it('lets the keyboard leave an empty last row for the buttons, and reach a saved row’s delete button', async () => {
    const posted = pageWithAnswers((_n, body) => added(body));
    const user = userEvent.setup();
    await firstRowSaved(user, posted);
    // Tab from a typed last row adds a row; from the empty one that follows, it goes on to the buttons.
    await user.click(await screen.findByLabelText('2. davetli kişi sayısı'));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Satır Ekle' })).toHaveFocus();
    expect(screen.queryByLabelText('3. davetli adı')).not.toBeInTheDocument();
    // Backwards from the new row, the saved row's delete button is on the way.
    await user.click(screen.getByLabelText('2. davetli adı'));
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Ayşe sil' })).toHaveFocus();
    // Its question takes the focus on "Hayır": a second Enter does not delete, and Escape steps back.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'Emin misiniz?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hayır' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Emin misiniz?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ayşe sil' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Ayşe sil' })).toHaveFocus();
    expect(screen.getByText('✓ Kaydedildi')).toBeInTheDocument();
  });

  it('says why a count the server would refuse keeps the row unsaved, and a good count clears it', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).includes('/weddings/info')) return jsonResponse({ success: true, wedding });
      return jsonResponse({ success: true, guestListApproved: false, guestList: [] });
    });
    const user = userEvent.setup();
    renderWithRouter(<AddGuestsPage />);
    const count = await screen.findByLabelText('1. davetli kişi sayısı');
    await user.clear(count);
    await user.type(count, '0');
    expect(count).toHaveAccessibleDescription("Beklenen kişi sayısı 0'dan büyük olmalıdır");
    expect(count).toHaveAttribute('aria-invalid', 'true');
    await user.clear(count);
    await user.type(count, '11');
    expect(count).toHaveAccessibleDescription('Beklenen kişi sayısı en fazla 10 olabilir');
    await user.clear(count);
    await user.type(count, '2');
    expect(count).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(/Beklenen kişi sayısı/)).not.toBeInTheDocument();
  });

  it('keeps the keyboard among the rows a search shows when one is deleted, then goes to the search field', async () => {
    signInHost();
    const guests = [
      { ...guest, index: 1, name: 'Ali Veli', phone: '+905321234561' },
      { ...guest, index: 2, name: 'Burak Can', phone: '+905321234562' },
      { ...guest, index: 3, name: 'Ali Rıza', phone: '+905321234563' },
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/weddings/info')) return jsonResponse({ success: true, wedding });
      if (init?.method === 'DELETE') return jsonResponse({ success: true, message: 'Davetli silindi.' });
      return jsonResponse({ success: true, guestListApproved: false, guestList: guests });
    });
    const user = userEvent.setup();
    renderWithRouter(<AddGuestsPage />);
    await screen.findByRole('button', { name: 'Ali Veli sil' });
    await user.type(screen.getByLabelText('İsimle ara'), 'ali');
    expect(screen.queryByRole('button', { name: 'Burak Can sil' })).not.toBeInTheDocument();
    // The next row on the list (Burak Can) is hidden by the search: the next shown one takes the focus.
    await user.click(screen.getByRole('button', { name: 'Ali Veli sil' }));
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ali Rıza sil' })).toHaveFocus());
    // No shown row is left: the search field, not the page, has the focus.
    await user.click(screen.getByRole('button', { name: 'Ali Rıza sil' }));
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(screen.getByLabelText('İsimle ara')).toHaveFocus());
    expect(screen.getByText('0 davetli bulundu')).toBeInTheDocument();
  });

  it.each([
    [
      "the server's message when it sent one",
      jsonResponse({ success: false, message: 'Onaylanmış listeden davetli silinemez.' }, 409),
      'Onaylanmış listeden davetli silinemez.',
    ],
    [
      "the page's own text when it did not",
      new Response('', { status: 502, statusText: 'Bad Gateway' }),
      'Davetli silinirken bir hata oluştu. Lütfen tekrar deneyin.',
    ],
  ])('reports a failed delete with %s', async (_case, answer, text) => {
    resetToasts();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/weddings/info')) return jsonResponse({ success: true, wedding });
      if (init?.method === 'DELETE') return answer.clone();
      return jsonResponse({ success: true, guestListApproved: false, guestList: [guest] });
    });
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <AddGuestsPage />
        <Toaster />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Ali Veli sil' }));
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getAllByText('Ali Veli').length).toBeGreaterThan(0);
  });

  it('moves the focus to the news once the list is approved, since the button that opened the dialog is gone', async () => {
    signInHost();
    let approved = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/weddings/info'))
        return jsonResponse({ success: true, wedding: { ...wedding, guestListApproved: approved } });
      if (url.includes('/guests/approval') && init?.method === 'PATCH') {
        approved = true;
        return jsonResponse({
          success: true,
          message: 'Onaylandı',
          guestListApproved: true,
          guestTotal: 1,
          peopleTotal: 2,
        });
      }
      return jsonResponse({ success: true, guestListApproved: approved, guestList: [guest] });
    });
    const user = userEvent.setup();
    renderWithRouter(<AddGuestsPage />);
    await user.click(await screen.findByRole('button', { name: /Listeyi Tamamla/ }));
    await user.click(await screen.findByRole('button', { name: 'Onayla ve Kaydet' }));
    const news = await screen.findByRole('heading', { name: 'Davetli Listesi Onaylandı' });
    await waitFor(() => expect(news).toHaveFocus());
  });

  it('shows the invitation counts as loading right after the approval, not the zeros read before it', async () => {
    signInHost();
    let approved = false;
    const counts = (queued: number) =>
      jsonResponse({
        success: true,
        connected: true,
        counts: { queued, sent: 0, delivered: 0, read: 0, failed: 0 },
      });
    // The counts asked after the approval come when the test says so.
    let answerCounts: (r: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/weddings/info'))
        return jsonResponse({ success: true, wedding: { ...wedding, guestListApproved: approved } });
      if (url.includes('/whatsapp-status'))
        return approved ? new Promise<Response>((resolve) => (answerCounts = resolve)) : counts(0);
      if (url.includes('/guests/approval') && init?.method === 'PATCH') {
        approved = true;
        return jsonResponse({
          success: true,
          message: 'Onaylandı',
          guestListApproved: true,
          guestTotal: 1,
          peopleTotal: 2,
        });
      }
      return jsonResponse({ success: true, guestListApproved: approved, guestList: [guest] });
    });
    const user = userEvent.setup();
    renderWithRouter(<AddGuestsPage />);
    await user.click(await screen.findByRole('button', { name: /Listeyi Tamamla/ }));
    await screen.findByRole('dialog');
    // The dialog has read the counts before the approval: nothing queued yet.
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('/whatsapp-status'))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Onayla ve Kaydet' }));
    await screen.findByRole('heading', { name: 'Davetli Listesi Onaylandı' });
    const notice = screen.getByTestId('whatsapp-notice');
    expect(notice).toHaveTextContent('Davetiye durumları yükleniyor...');
    expect(notice).not.toHaveTextContent('0 bekliyor');
    act(() => answerCounts(counts(1)));
    await waitFor(() =>
      expect(screen.getByTestId('whatsapp-notice')).toHaveTextContent('Davetiyeler: 1 bekliyor'),
    );
  });

  it.each([
    [
      'skips a spreadsheet’s title row',
      'Ad Soyad\tTelefon\tKişi\nİpek Işık\t0544 000 11 22\t2\nOsman Ünal\t5055556677\t3\nCeren Şahin\t+90 542 123 45 67\t1',
    ],
    [
      'keeps a first line that is a guest',
      'İpek Işık\t0544 000 11 22\t2\nOsman Ünal\t5055556677\t3\nCeren Şahin\t+90 542 123 45 67\t1',
    ],
  ])('pasting from a spreadsheet %s, and counts only the guests', async (_case, text) => {
    pageWithAnswers((_n, body) => added(body));
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('1. davetli adı'));
    await user.paste(text);
    expect(await screen.findByText('3 satır eklendi.')).toBeInTheDocument();
    expect(screen.getByLabelText('1. davetli adı')).toHaveValue('İpek Işık');
    expect(screen.getByLabelText('1. davetli kişi sayısı')).toHaveValue(2);
    expect(screen.getByLabelText('3. davetli adı')).toHaveValue('Ceren Şahin');
    expect(screen.getByLabelText('4. davetli adı')).toHaveValue('');
    expect(screen.queryByDisplayValue(/Telefon/)).not.toBeInTheDocument();
  });

  it('names the person-count field, and labels it where the column titles are hidden (a phone)', async () => {
    pageWithAnswers((_n, body) => added(body));
    const count = await screen.findByRole('spinbutton', { name: '1. davetli kişi sayısı' });
    // The field's own word, next to it: on a phone it would otherwise show a bare "1".
    expect(count.closest('label')).toHaveTextContent(/^Kişi$/);
  });

  it('says a fractional count must be whole, not that it must be above 0', async () => {
    pageWithAnswers((_n, body) => added(body));
    const user = userEvent.setup();
    const count = await screen.findByLabelText('1. davetli kişi sayısı');
    await user.clear(count);
    await user.type(count, '2.5');
    expect(count).toHaveAccessibleDescription('Beklenen kişi sayısı tam sayı olmalıdır');
    expect(count).toHaveAttribute('aria-invalid', 'true');
  });

  it('leaves the focus alone on a later visit to the approved list', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/weddings/info')
        ? jsonResponse({ success: true, wedding: { ...wedding, guestListApproved: true } })
        : jsonResponse({ success: true, guestListApproved: true, guestList: [] }),
    );
    renderWithRouter(<AddGuestsPage />);
    const news = await screen.findByRole('heading', { name: 'Davetli Listesi Onaylandı' });
    expect(news).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });
});
