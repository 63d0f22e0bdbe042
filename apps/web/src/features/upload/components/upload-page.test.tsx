import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { UploadPage } from './upload-page';

const info = (event: Record<string, unknown>) =>
  jsonResponse({
    success: true,
    event: {
      title: 'Ayşe & Mehmet',
      eventDate: '2026-12-05T09:00:00.000Z',
      coverImage: '',
      photoCount: 7,
      ...event,
    },
  });

function renderPage() {
  return renderWithRouter(
    <Routes>
      <Route path="/events/:eventId/:title/upload-image-page" element={<UploadPage />} />
    </Routes>,
    { path: '/events/ev1/ayse-mehmet/upload-image-page' },
  );
}

/** A stand-in XMLHttpRequest: reports half the bytes, then the test decides how it ends. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent: FormData | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    this.sent = body;
    FakeXhr.last = this;
    this.upload.onprogress?.({ loaded: 500, total: 1000, lengthComputable: true });
  }
}

afterEach(() => {
  FakeXhr.last = null;
});

describe('guest upload page', () => {
  it('shows the header, then the closed state when uploads are off', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: false }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ayşe & Mehmet' })).toBeInTheDocument();
    expect(screen.getByText('5 Aralık 2026')).toBeInTheDocument();
    expect(screen.getByText('7 Fotoğraf & Video')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fotoğraf Yükleme Kapalı' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dosyayı Yükle/ })).not.toBeInTheDocument();
  });

  it('says "Etkinlik Bilgisi Alınamadı" with a refresh button when canAddPhotos is missing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: undefined }));
    renderPage();
    expect(await screen.findByText('Etkinlik Bilgisi Alınamadı')).toBeInTheDocument();
    fetchMock.mockResolvedValue(info({ canAddPhotos: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Sayfayı Yenile' }));
    expect(await screen.findByRole('button', { name: '0 Dosyayı Yükle' })).toBeInTheDocument();
  });

  it('offers a refresh on a system error', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    renderPage();
    expect(
      await screen.findByText('Etkinlik bilgileri yüklenirken bir sorun oluştu.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sayfayı Yenile' })).toBeInTheDocument();
  });

  it('validates, uploads with progress, keeps everything after a network failure and succeeds on retry', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const user = userEvent.setup();
    renderPage();
    // No file, no upload: the button waits and says why.
    const submit = await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Lütfen yüklemek için dosya seçin.');

    const input = document.getElementById('upload-files') as HTMLInputElement;
    await user.upload(input, [
      new File(['a'.repeat(600)], 'a.jpg', { type: 'image/jpeg' }),
      new File(['b'.repeat(400)], 'b.mp4', { type: 'video/mp4' }),
    ]);
    await user.click(screen.getByRole('button', { name: '2 Dosyayı Yükle' }));
    expect(screen.getByText('Lütfen isminizi girin.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('İsminiz *'), 'A');
    await user.click(screen.getByRole('button', { name: '2 Dosyayı Yükle' }));
    expect(screen.getByText('İsminiz en az 2 karakter olmalı.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('İsminiz *'), 'li');
    await user.type(screen.getByLabelText('Not (İsteğe bağlı)'), 'Mutluluklar!');
    await user.click(screen.getByRole('button', { name: '2 Dosyayı Yükle' }));
    expect(screen.getByTestId('upload-progress-text')).toHaveTextContent('%50');
    // A second tap while sending does nothing.
    expect(screen.getByRole('button', { name: 'Yükleniyor…' })).toBeDisabled();
    const first = FakeXhr.last!;
    expect(first.sent!.get('uploader')).toBe('Ali');
    expect(first.sent!.get('note')).toBe('Mutluluklar!');
    expect(first.sent!.getAll('files')).toHaveLength(2);
    first.onerror!();
    expect(await screen.findByText(/Bağlantı koptu/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByLabelText('İsminiz *')).toHaveValue('Ali');

    await user.click(screen.getByRole('button', { name: '2 Dosyayı Yükle' }));
    const second = FakeXhr.last!;
    expect(second).not.toBe(first);
    second.status = 200;
    second.responseText = JSON.stringify({
      success: true,
      message: '2 dosya başarıyla yüklendi.',
      uploaded: [],
    });
    second.onload!();
    expect(await screen.findByText('2 dosya başarıyla yüklendi.')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(scrollTo).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: '0 Dosyayı Yükle' })).toBeDisabled());
  });

  it('keeps the photos chosen with a text file and names the text file with its Turkish reason', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, [
      new File(['a'], 'gelin.jpg', { type: 'image/jpeg' }),
      new File(['not'], 'notlar.txt', { type: 'text/plain' }),
    ]);
    expect(screen.getByTestId('left-out')).toHaveTextContent(
      'notlar.txt: Sadece resim ve video dosyaları yüklenebilir.',
    );
    expect(screen.getByText('Bu dosya eklenmedi:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 Dosyayı Yükle' })).toBeEnabled();
  });

  it('keeps 10 of 11 photos and names the 11th', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: '0 Dosyayı Yükle' });
    const eleven = Array.from(
      { length: 11 },
      (_, i) => new File(['x'], `foto-${i + 1}.jpg`, { type: 'image/jpeg' }),
    );
    await user.upload(document.getElementById('upload-files') as HTMLInputElement, eleven);
    expect(screen.getByRole('button', { name: '10 Dosyayı Yükle' })).toBeEnabled();
    expect(screen.getByTestId('left-out')).toHaveTextContent(
      'foto-11.jpg: En fazla 10 adet fotoğraf yükleyebilirsiniz.',
    );
  });

  it('says "click" on a computer and "tap" on a phone', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(info({ canAddPhotos: true }));
    renderPage();
    expect(await screen.findByText(/Tıklayarak bilgisayarınızdan seçin/)).toBeInTheDocument();
    expect(screen.queryByText(/Dokunarak/)).not.toBeInTheDocument();
  });
});
