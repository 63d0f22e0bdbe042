import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@ani/contract/messages';
import { InvitationImageButton } from './invitation-image-button';
import { installFetchMock } from '../test/fetch-mock';
import { renderWithRouter } from '../test/render';
import { signInHost } from '../test/session';
import { getToasts } from '../test/toasts';

const w = messages.weddings;
const fetchMock = installFetchMock();

async function choose(name: string) {
  signInHost();
  const user = userEvent.setup();
  renderWithRouter(<InvitationImageButton attached={false} />);
  await user.upload(screen.getByTestId('invitation-file'), new File(['x'], name, { type: 'image/jpeg' }));
  return { user, preview: await screen.findByRole('img', { name: 'Seçilen davetiye görseli' }) };
}

describe('invitation image button', () => {
  it('offers only the formats the server takes', () => {
    renderWithRouter(<InvitationImageButton attached={false} />);
    expect(screen.getByTestId('invitation-file')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,image/gif,image/avif',
    );
  });

  it('refuses a file the browser cannot show before sending it, naming the formats', async () => {
    const { preview } = await choose('notlar.jpg');
    fireEvent.error(preview);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToasts()[0]).toMatchObject({ description: w.imageFormats, variant: 'destructive' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends an image the browser shows once the host says yes', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: true, message: w.imageUploaded, imageUrl: '/api/media/x' })),
    );
    const { user, preview } = await choose('davetiye.jpg');
    fireEvent.load(preview);
    await user.click(screen.getByRole('button', { name: 'Evet, Yükle' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: w.imageUploaded }));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/weddings/upload-image?username=elifcan');
  });

  it('refuses an image over 100 megapixels as soon as its preview shows its size', async () => {
    const { preview } = await choose('dev.png');
    Object.defineProperty(preview, 'naturalWidth', { value: 16_000 });
    Object.defineProperty(preview, 'naturalHeight', { value: 16_000 });
    fireEvent.load(preview);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getToasts()[0]).toMatchObject({ description: w.imageTooManyPixels, variant: 'destructive' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('closes the question when the server refuses the file, and keeps it for a failed connection', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: w.imageUnreadable }), { status: 400 }),
    );
    const { user, preview } = await choose('bozuk.jpg');
    fireEvent.load(preview);
    await user.click(screen.getByRole('button', { name: 'Evet, Yükle' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: w.imageUploadFailed }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet, Yükle' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ description: w.imageUnreadable }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
