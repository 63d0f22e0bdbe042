import { useRef } from 'react';
import { QRCodeCanvas } from 'qrcode.react';
import { Copy, Download } from 'lucide-react';
import { limits } from '@ani/contract/limits';
import type { Event } from '@ani/contract/events';
import { Button } from '../../../components/ui/button';
import { copyUploadLink, uploadLink } from '../../../lib/upload-link';
import { qrFileName } from '../event-rules';
import { saveBlob } from '../../../lib/save-file';

// The PNG is drawn apart from the 200 px preview: 1200 px prints sharp on a table card (~10 cm at 300 dpi).
const printSize = 1200;

/** "QR Kod" tab: the guests' upload link as a QR code (high error correction), as text and as a PNG. */
export function QrTab({ event }: { event: Event }) {
  const link = uploadLink(window.location.origin, event);
  const printCanvas = useRef<HTMLCanvasElement>(null);

  const download = () => {
    printCanvas.current?.toBlob((blob) => {
      if (blob) saveBlob(blob, qrFileName(event.title));
    }, 'image/png');
  };

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h3 className="font-display text-xl font-semibold text-stone-900">Fotoğraf Yükleme QR Kodu</h3>
      <div className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
        <QRCodeCanvas
          value={link}
          size={limits.qrSizeEventCard}
          level="H"
          marginSize={2}
          aria-label="Yükleme bağlantısının QR kodu"
          role="img"
        />
      </div>
      <QRCodeCanvas
        ref={printCanvas}
        value={link}
        size={printSize}
        level="H"
        marginSize={4}
        className="hidden"
        aria-hidden
      />
      <p className="max-w-full text-sm break-all text-stone-600" data-testid="upload-link">
        {link}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={() => void copyUploadLink(link)}>
          <Copy aria-hidden className="h-4 w-4" />
          Bağlantıyı Kopyala
        </Button>
        <Button onClick={download}>
          <Download aria-hidden className="h-4 w-4" />
          QR Kodu İndir
        </Button>
      </div>
    </div>
  );
}
