import { limits } from '@ani/contract/limits';
import { contact } from '../../config/contact';
import type { LegalSection } from './legal-types';

export const termsUpdated = '1 Kasım 2026';

const mb = Math.round(limits.maxUploadBytes / (1024 * 1024));

export const termsSections: LegalSection[] = [
  {
    title: '1. Kapsam',
    paragraphs: [
      `Bu koşullar, ${contact.brand} tarafından sunulan dijital düğün albümü, QR kodlu masa kartı, davetli listesi ve davetiye hizmetlerinin (“Hizmet”) kullanımını düzenler. Hesap oluşturan çiftler (“Kullanıcı”) ve yükleme bağlantısını kullanan misafirler bu koşulları kabul etmiş sayılır.`,
    ],
  },
  {
    title: '2. Kullanıcı Yükümlülükleri',
    items: [
      'Kayıt sırasında doğru, güncel ve size ait bilgiler vermek,',
      'Şifrenizi kimseyle paylaşmamak ve hesabınızda yapılan işlemlerden sorumlu olmak,',
      'Davetli listesine eklediğiniz kişilerin telefon numaralarını, onlara davetiye gönderilmesi amacıyla paylaşmaya yetkili olmak,',
      'Yükleme bağlantısını ve QR kodu yalnızca düğün misafirlerinizle paylaşmak.',
    ],
    paragraphs: ['Hizmeti kullanırken aşağıdakileri kabul edersiniz:'],
  },
  {
    title: '3. İçerik Politikası',
    paragraphs: [
      'Albümlere yalnızca düğün ve etkinlikle ilgili fotoğraf ve videolar yüklenmelidir. Müstehcen, şiddet içeren, nefret söylemi barındıran, başkalarının kişilik haklarını veya telif haklarını ihlal eden içerikler yasaktır.',
      'Albüm sahibi, albümündeki uygunsuz içerikleri dilediği zaman silebilir. Bu kurallara aykırı içerikleri bildirim üzerine kaldırma hakkımız saklıdır.',
    ],
  },
  {
    title: '4. Hizmetin Kullanımı',
    paragraphs: [
      'Misafirler hesap açmadan, QR kod veya bağlantı üzerinden isimlerini ve isteğe bağlı bir not yazarak yükleme yapabilir. Albüm sahibi yüklemeleri istediği an kapatabilir.',
      'Hizmet kişisel ve ticari olmayan kullanım içindir; otomatik araçlarla toplu istek göndermek, sistemin güvenliğini aşmaya çalışmak veya başkalarının albümlerine erişmeye çalışmak yasaktır.',
    ],
  },
  {
    title: '5. Fikri Mülkiyet',
    paragraphs: [
      'Yüklenen fotoğraf ve videoların hakları onları çeken kişilere ve albüm sahibine aittir. İçerikleriniz üzerinde hiçbir hak iddia etmeyiz; onları yalnızca size hizmeti sunmak için saklar ve gösteririz, izniniz olmadan tanıtımda kullanmayız.',
      `${contact.brand} adı, logosu, kart tasarımları ve yazılımı üzerindeki haklar bize aittir ve izinsiz kullanılamaz.`,
    ],
  },
  {
    title: '6. Sınırlamalar',
    paragraphs: ['Hizmetin herkes için hızlı ve güvenli kalması için bazı sınırlar uygulanır:'],
    items: [
      `Tek bir yüklemede en fazla ${limits.maxPhotosPerUpload} fotoğraf ve ${limits.maxVideosPerUpload} video, toplamda en fazla ${mb} MB gönderilebilir.`,
      'Yalnızca yaygın fotoğraf (JPEG, PNG, WebP, HEIC vb.) ve video (MP4, MOV, WebM) biçimleri kabul edilir.',
      'Albüm başına fotoğraf sayısı ve davetli listesindeki kişi sayısı satın alınan paketle sınırlıdır; standart paket 30 adet QR kodlu masa kartı içerir.',
      'İçerikler düğün tarihinden itibaren 1 yıl saklanır; süre sonunda kalıcı olarak silinir.',
    ],
  },
  {
    title: '7. Hizmet Kesintileri',
    paragraphs: [
      'Hizmeti kesintisiz sunmak için özen gösteririz; ancak bakım, güncelleme veya elimizde olmayan nedenlerle (internet altyapısı, barındırma sağlayıcısı arızaları, doğal afetler) geçici kesintiler yaşanabilir. Planlı bakımları mümkün olduğunca önceden duyururuz ve düğün günlerinde bakım yapmamaya özen gösteririz.',
    ],
  },
  {
    title: '8. Sorumluluk',
    paragraphs: [
      'Misafirlerin yüklediği içeriklerden yükleyen kişi sorumludur. İçeriklerin kaybolmaması için gerekli teknik önlemleri alırız; yine de önemli anılarınızın bir kopyasını albümü indirerek saklamanızı öneririz.',
      'Kanunen sorumluluğumuzun sınırlanamayacağı hâller saklı kalmak üzere, dolaylı zararlardan sorumlu değiliz.',
    ],
  },
  {
    title: '9. Değişiklikler',
    paragraphs: [
      'Bu koşulları gerektiğinde güncelleyebiliriz. Önemli değişiklikleri yürürlüğe girmeden önce kayıtlı e-posta adresinize bildiririz. Değişiklikten sonra hizmeti kullanmaya devam etmeniz güncel koşulları kabul ettiğiniz anlamına gelir.',
    ],
  },
  {
    title: '10. İletişim',
    paragraphs: [
      `Bu koşullarla ilgili sorularınız için ${contact.email} adresinden veya ${contact.phoneDisplay} numaralı telefondan bize ulaşabilirsiniz. Adres: ${contact.address}.`,
    ],
  },
];
