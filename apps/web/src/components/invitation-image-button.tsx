import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { uploadImageResponse } from '@ani/contract/weddings';
import { ImagePlus } from 'lucide-react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { ApiError } from '../lib/api-client';
import { getToken, useSession } from '../lib/session';
import { queryKeys } from '../lib/queries';
import { toast } from '../lib/toast';

const w = messages.weddings;

/** Multipart, so not through apiRequest's JSON body; the answer is still parsed with the contract. */
async function uploadInvitationImage(username: string, file: File) {
  const form = new FormData();
  form.append('image', file);
  const token = getToken();
  const response = await fetch(`/api/weddings/upload-image?username=${encodeURIComponent(username)}`, {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body: unknown = await response.json().catch(() => undefined);
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : '';
  if (!response.ok) throw new ApiError('http', message, response.status);
  return uploadImageResponse.parse(body);
}

/**
 * none → chosen (confirm with preview) → uploading → attached. On the add-guests page an attached image
 * disables the button ("Davetiye Görseli Ekli"); the invitation page (`changeable`) lets the host add or
 * replace it at any time, also after the list is approved, while invitations still wait to be sent.
 * Shared by both pages, so it lives outside the features.
 */
export function InvitationImageButton({
  attached,
  changeable = false,
}: {
  attached: boolean;
  changeable?: boolean;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ file: File; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);

  const choose = (f: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!f) return;
    if (!f.type.startsWith('image/')) {
      toast({ title: 'Hata', description: w.imageOnlyPage, variant: 'destructive' });
      return;
    }
    if (f.size >= limits.invitationImageMaxBytes) {
      toast({ title: 'Hata', description: w.imageTooLarge, variant: 'destructive' });
      return;
    }
    setFile({ file: f, url: URL.createObjectURL(f) });
  };
  const close = () => {
    if (file) URL.revokeObjectURL(file.url);
    setFile(null);
  };
  // What the browser cannot show (a renamed file, a HEIC on a computer) is refused before it is
  // sent; the server judges the content again either way.
  const unshowable = () => {
    close();
    toast({ title: 'Hata', description: w.imageFormats, variant: 'destructive' });
  };
  // The preview knows the size: an image over the limit is refused before the host confirms it.
  const checkSize = (img: HTMLImageElement) => {
    if (img.naturalWidth * img.naturalHeight <= limits.invitationImageMaxPixels) return;
    close();
    toast({ title: 'Hata', description: w.imageTooManyPixels, variant: 'destructive' });
  };
  const upload = async () => {
    if (!file || !user) return;
    setUploading(true);
    try {
      const r = await uploadInvitationImage(user.username, file.file);
      toast({ title: 'Başarılı', description: r.message, variant: 'success' });
      close();
      await queryClient.invalidateQueries({ queryKey: queryKeys.weddings });
    } catch (error) {
      // The server refused this file (its content, its size): it cannot be sent again as it is.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) close();
      toast({
        title: 'Hata',
        description: error instanceof ApiError && error.message ? error.message : w.imageUploadFailed,
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        // The formats the server takes; an iPhone's picker then hands over a JPEG instead of HEIC.
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="sr-only"
        tabIndex={-1}
        aria-label="Davetiye görseli seç"
        data-testid="invitation-file"
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <Button
        variant="outline"
        aria-disabled={attached && !changeable}
        onClick={() => {
          if (!attached || changeable) input.current?.click();
        }}
      >
        <ImagePlus aria-hidden className="h-4 w-4" />{' '}
        {!attached ? 'Davetiye Görseli Ekle' : changeable ? 'Görseli Değiştir' : w.imageAttached}
      </Button>
      <Dialog open={file !== null} onOpenChange={(o) => !o && !uploading && close()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Davetiye Görseli</DialogTitle>
            <DialogDescription>
              Bu görsel, davetlilerinize gönderilecek WhatsApp davetiye mesajlarında kullanılacaktır. Yüklemek
              istiyor musunuz?
            </DialogDescription>
          </DialogHeader>
          {file ? (
            <img
              src={file.url}
              alt="Seçilen davetiye görseli"
              onError={unshowable}
              onLoad={(e) => checkSize(e.currentTarget)}
              className="max-h-80 w-full rounded-lg object-contain"
            />
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="ghost" onClick={close} disabled={uploading}>
              İptal
            </Button>
            <Button onClick={() => void upload()} disabled={uploading}>
              {uploading ? 'Yükleniyor...' : 'Evet, Yükle'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
