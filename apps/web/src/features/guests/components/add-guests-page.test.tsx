import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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

  it('does not resend a refused row by itself: one error, then an edit or "Tekrar Dene" sends it again', async () => {
    resetToasts();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signInHost();
    const posted: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/weddings/info')) return jsonResponse({ success: true, wedding });
      if (url.includes('/guests') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; phone: string };
        posted.push(body.name);
        if (posted.length === 1)
          return jsonResponse(
            { success: false, message: 'Bu telefon numarasıyla kayıtlı bir davetli zaten var.' },
            409,
          );
        return jsonResponse({
          success: true,
          message: 'Misafir başarıyla eklendi',
          guest: { ...guest, name: body.name, phone: body.phone },
        });
      }
      return jsonResponse({ success: true, guestListApproved: false, guestList: [] });
    });
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <AddGuestsPage />
        <Toaster />
      </>,
    );
    await user.type(await screen.findByLabelText('1. davetli adı'), 'Ayşe');
    await user.type(screen.getByLabelText('1. davetli telefonu'), '05441112233');
    expect(
      await screen.findByText('Bu telefon numarasıyla kayıtlı bir davetli zaten var.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Bu satır kaydedilemedi/)).toBeInTheDocument();
    // Well past another autosave delay: the same content is not sent again.
    await new Promise((r) => setTimeout(r, 2600));
    expect(posted).toEqual(['Ayşe']);
    expect(screen.getByLabelText('1. davetli adı')).toHaveValue('Ayşe');

    await user.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    await waitFor(() => expect(posted).toEqual(['Ayşe', 'Ayşe']));
    await waitFor(() => expect(screen.getByLabelText('2. davetli adı')).toHaveValue(''));
    expect(screen.queryByText(/Bu satır kaydedilemedi/)).not.toBeInTheDocument();
  }, 15_000);

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
