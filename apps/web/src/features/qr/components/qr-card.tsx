import { QRCodeCanvas } from 'qrcode.react';
import { Copy, ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { openAlbum } from '../../../lib/owner-tab';
import { copyUploadLink } from '../../../lib/upload-link';

/** Size 160 and high error correction: still readable with a printed logo or a crease. */
export function QrCard({ eventId, link }: { eventId: string; link: string }) {
  return (
    <section
      aria-labelledby="qr-card-title"
      className="flex flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white p-6 text-center dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="qr-card-title" className="font-display text-xl font-semibold">
        QR Kod
      </h2>
      {/* White on purpose (data-paper): scanners need a light quiet zone around the code, in either theme. */}
      <div className="rounded-xl bg-white p-3" data-paper>
        <QRCodeCanvas
          value={link}
          size={160}
          level="H"
          marginSize={2}
          role="img"
          aria-label="Yükleme bağlantısının QR kodu"
        />
      </div>
      <p data-testid="qr-link" className="max-w-full text-xs break-all text-stone-600 dark:text-stone-400">
        {link}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" size="sm" onClick={() => void copyUploadLink(link)}>
          <Copy aria-hidden className="h-4 w-4" /> Bağlantıyı Kopyala
        </Button>
        {/* A button, not a link: the owner's token is handed to the new tab first (see openAlbum). */}
        <Button variant="outline" size="sm" onClick={() => openAlbum(eventId)}>
          <ExternalLink aria-hidden className="h-4 w-4" /> Etkinliği Aç
        </Button>
      </div>
    </section>
  );
}
