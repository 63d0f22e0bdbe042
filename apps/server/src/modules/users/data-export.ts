import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** One file of a host's data archive; each module contributes the files of the data it owns. */
export type ExportFile = { name: string; content: string };

export const jsonFile = (name: string, value: unknown): ExportFile => ({
  name,
  content: `${JSON.stringify(value, null, 2)}\n`,
});

// Field names stay the system's own (English) in every file: the archive is the machine-readable copy
// KVKK's portability asks for, so a name means what it means in the API; this file explains them.
const readme = `Anı Kutusu — kişisel verileriniz

Bu arşiv, hesabınızla ilgili sakladığımız bütün bilgileri içerir:

- hesap.json: hesap bilgileriniz: userId (hesabınızın sistemdeki kimliği), username (ad soyad), email (e-posta), pendingEmail (değiştirmek istediğiniz, doğrulama bağlantısını bekleyen yeni e-posta adresi; yoksa null), phoneNumber (telefon), createdAt (kayıt tarihi), activatedAt (hesabın etkinleştirildiği tarih) ve varsa deletionScheduledAt (hesabın silinmek üzere planlandığı tarih). Şifreniz yalnızca geri döndürülemez özet olarak saklandığı için arşivde yer almaz.
- etkinlikler.json: etkinlikleriniz, ayarları, albümlerdeki içerik sayıları ve saklama süreleri. Albümlerin kendisi bu arşive kopyalanmadı; her etkinliğin "albumZipUrl" bağlantısı, o albümün tamamını ayrı bir ZIP olarak indirir (bağlantılar 7 gün geçerlidir). Kendi yüklediğiniz kapak görseli "coverImageUrl" bağlantısındadır.
- dugunler.json: düğün bilgileriniz (mekân, gelin ve damat, tarih, saat, kapasite).
- davetliler.json ve davetliler-*.csv: davetli listeleriniz, katılım durumları ve kişi sayılarıyla. CSV dosyaları Excel ile açılabilir.
- whatsapp-mesajlari.json: davetlilerinizle WhatsApp üzerinden gönderilen ve alınan bütün mesajlar, durumlarıyla.

JSON dosyaları bilgisayarların da okuyabileceği biçimdedir: bütün dosyalarda alan adları sistemimizdeki (İngilizce) adlardır (ör. email: e-posta, eventDate: etkinlik tarihi, photoCount: fotoğraf sayısı), tarihler ISO 8601 biçiminde ve UTC saatiyle yazılır. Türkiye saati UTC'nin 3 saat ilerisidir: "2027-06-12T16:30:00.000Z", 12 Haziran 2027 saat 19:30 demektir.

Sorularınız için bize sitemizdeki iletişim adreslerinden ulaşabilirsiniz.
`;

/** The archive: small text files built in memory (a host's rows, never media bytes), streamed out. */
export function dataExportZip(files: ExportFile[], createdAt: Date): Readable {
  const zip = new ZipFile();
  for (const file of [{ name: 'OKUBENI.txt', content: readme }, ...files]) {
    zip.addBuffer(Buffer.from(file.content, 'utf8'), file.name, { mtime: createdAt });
  }
  zip.end();
  return zip.outputStream as Readable;
}
