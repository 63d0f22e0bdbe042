import { paths } from '../config/paths';
import { toast } from './toast';

/**
 * The guests' upload link, what the table card's QR code holds:
 * {origin}/events/{id}/{slug}/upload-image-page. The events page's QR tab and the QR settings page
 * both show it, and the live wall's QR code is built from the same path on the server.
 */
export function uploadLink(origin: string, event: { id: string; title: string }): string {
  return origin + paths.upload(event);
}

/** Copies the upload link to the clipboard for the owner and says in a toast whether that worked. */
export async function copyUploadLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'QR kod bağlantısı panoya kopyalandı.', variant: 'success' });
  } catch {
    toast({
      title: 'Hata',
      description: 'Bağlantı kopyalanırken bir hata oluştu.',
      variant: 'destructive',
    });
  }
}
