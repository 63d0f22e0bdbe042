import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@ani/contract/messages';
import { refreshSession } from '../lib/session';
import { resetToasts } from '../test/toasts';
import { jsonResponse } from '../test/render';
import { useAlbumDownload } from './album-download-dialog';
import { Toaster } from './ui/toaster';

function Harness({ photoCount, pendingCount }: { photoCount: number; pendingCount?: number }) {
  const download = useAlbumDownload({ eventId: 'ev1', title: 'Ayşe & Mehmet', photoCount, pendingCount });
  return (
    <>
      <button onClick={() => void download.start()}>indir</button>
      {download.dialog}
      <Toaster />
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
  resetToasts();
});

describe('album download', () => {
  it('warns instead of downloading an album with no photos', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    render(<Harness photoCount={0} />);
    await userEvent.click(screen.getByRole('button', { name: 'indir' }));
    expect(await screen.findByText('Bu etkinlikte henüz fotoğraf bulunmuyor.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a login token first', async () => {
    refreshSession();
    render(<Harness photoCount={3} />);
    await userEvent.click(screen.getByRole('button', { name: 'indir' }));
    expect(await screen.findByText('Bu işlem için giriş yapmalısınız')).toBeInTheDocument();
  });

  it('hands a signed link to the browser (no Blob) and says so, without claiming the album arrived', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: true, url: '/api/events/ev1/download?sig=x' }),
    );
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const blob = vi.spyOn(URL, 'createObjectURL');
    render(<Harness photoCount={3} />);
    await userEvent.click(screen.getByRole('button', { name: 'indir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Albüm İndiriliyor' });
    expect(dialog).toHaveAccessibleDescription(messages.media.downloadHandedOff);
    expect(clicks[0]!.getAttribute('href')).toBe('/api/events/ev1/download?sig=x');
    expect(clicks[0]!.download).toBe('Ayse_Mehmet.zip');
    expect(blob).not.toHaveBeenCalled();
    // The browser has only started it: no 100 %, no "tamamlandı", no "başarıyla indirildi".
    expect(screen.queryByText('İndirme tamamlandı!')).not.toBeInTheDocument();
    expect(screen.queryByTestId('download-percent')).not.toBeInTheDocument();
    expect(screen.queryByText('Albüm başarıyla indirildi.')).not.toBeInTheDocument();
    // It says where to follow the download, so it waits to be closed rather than vanishing after 2 s.
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('dialog', { name: 'Albüm İndiriliyor' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Kapat' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('streamed to the chosen file, shows 100 % "İndirme tamamlandı!" and closes itself after 2 s', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const file = { write: vi.fn(), close: vi.fn(), abort: vi.fn().mockResolvedValue(undefined) };
    vi.stubGlobal('showSaveFilePicker', vi.fn().mockResolvedValue({ createWritable: async () => file }));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'Content-Length': '3' } }),
    );
    render(<Harness photoCount={3} />);
    await userEvent.click(screen.getByRole('button', { name: 'indir' }));
    expect(await screen.findByText('İndirme tamamlandı!')).toBeInTheDocument();
    expect(screen.getByTestId('download-percent')).toHaveTextContent('%100');
    expect(screen.getByRole('dialog', { name: 'Albüm İndirildi' })).toBeInTheDocument();
    expect(screen.queryByText(messages.media.downloadHandedOff)).not.toBeInTheDocument();
    expect(file.close).toHaveBeenCalled();
    expect(screen.getByText('Albüm başarıyla indirildi.')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('İndirme tamamlandı!')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('streams to the chosen file where the browser offers one, and reports an HTTP failure with its status', async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    const file = { write: vi.fn(), close: vi.fn(), abort: vi.fn().mockResolvedValue(undefined) };
    vi.stubGlobal('showSaveFilePicker', vi.fn().mockResolvedValue({ createWritable: async () => file }));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('nope', { status: 500 }));
    render(<Harness photoCount={3} />);
    await userEvent.click(screen.getByRole('button', { name: 'indir' }));
    expect(await screen.findByText('Dosyalar indirilemedi. HTTP Hata Kodu: 500')).toBeInTheDocument();
    expect(file.abort).toHaveBeenCalled();
    expect(screen.queryByText('Albüm İndiriliyor')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("shows the server's words when too many downloads of the album run at once (429)", async () => {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    const file = { write: vi.fn(), close: vi.fn(), abort: vi.fn().mockResolvedValue(undefined) };
    vi.stubGlobal('showSaveFilePicker', vi.fn().mockResolvedValue({ createWritable: async () => file }));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ success: false, message: messages.media.albumDownloadsBusy, code: 'RATE_LIMITED' }),
        { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } },
      ),
    );
    render(<Harness photoCount={3} />);
    await userEvent.click(screen.getByRole('button', { name: 'indir' }));
    expect(await screen.findByText(messages.media.albumDownloadsBusy)).toBeInTheDocument();
    expect(screen.getByText('Uyarı')).toBeInTheDocument();
    expect(screen.queryByText(/HTTP Hata Kodu/)).not.toBeInTheDocument();
    expect(file.abort).toHaveBeenCalled();
    expect(screen.queryByText('Albüm İndiriliyor')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  describe('with items awaiting approval', () => {
    function mockLink() {
      window.sessionStorage.setItem('token', 't');
      refreshSession();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      return vi
        .spyOn(globalThis, 'fetch')
        .mockResolvedValue(jsonResponse({ success: true, url: '/api/events/ev1/download?sig=x' }));
    }

    it('asks first and leaves them out by default', async () => {
      const fetchMock = mockLink();
      render(<Harness photoCount={3} pendingCount={2} />);
      await userEvent.click(screen.getByRole('button', { name: 'indir' }));
      const box = screen.getByRole('checkbox', { name: 'Onay bekleyen 2 öğeyi de indir' });
      expect(box).not.toBeChecked();
      expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
        'Albümde onayınızı bekleyen 2 öğe var. Varsayılan olarak yalnızca onaylanmış fotoğraf ve videolar indirilir.',
      );
      expect(fetchMock).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: 'İndir' }));
      expect(await screen.findByText(messages.media.downloadHandedOff)).toBeInTheDocument();
      expect(fetchMock.mock.calls[0]![1]?.body).toBeUndefined();
    });

    it('includes them when the owner ticks the box', async () => {
      const fetchMock = mockLink();
      render(<Harness photoCount={3} pendingCount={2} />);
      await userEvent.click(screen.getByRole('button', { name: 'indir' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Onay bekleyen 2 öğeyi de indir' }));
      await userEvent.click(screen.getByRole('button', { name: 'İndir' }));
      expect(await screen.findByText(messages.media.downloadHandedOff)).toBeInTheDocument();
      expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ includePending: true });
    });

    it('includes them without a choice when nothing is approved yet', async () => {
      mockLink();
      render(<Harness photoCount={0} pendingCount={2} />);
      await userEvent.click(screen.getByRole('button', { name: 'indir' }));
      const box = screen.getByRole('checkbox', { name: 'Onay bekleyen 2 öğeyi de indir' });
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
      // The dialog says why, instead of "only approved ones by default" beside a ticked, locked box.
      expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
        'Albümde henüz onaylanmış öğe yok; onayınızı bekleyen 2 öğenin tamamı indirilecek.',
      );
    });
  });
});
