import { contact } from '../../config/contact';
import type { LegalSection } from './legal-types';

export const privacyUpdated = '28 Kasım 2026';

// Written for this service: what it really stores (account, event, media, notes, guest list) and why.
export const privacySections: LegalSection[] = [
  {
    title: '1. Topladığımız Bilgiler',
    paragraphs: [`${contact.brand} olarak yalnızca hizmeti sunmak için gerekli olan bilgileri topluyoruz:`],
    items: [
      'Hesap bilgileri: adınız ve soyadınız, e-posta adresiniz, cep telefonu numaranız ve şifrenizin geri döndürülemez biçimde şifrelenmiş (özetlenmiş) hâli.',
      'Etkinlik bilgileri: düğününüzün adı, tarihi, saati, mekânı, gelin ve damadın adları ile isteğe bağlı açıklamalar.',
      'Misafirlerin yüklediği içerikler: fotoğraflar, videolar, yükleyenin yazdığı isim ve isteğe bağlı not. Yüklenen fotoğraflardaki konum (GPS) bilgisi, fotoğraf saklanmadan önce silinir; çekim tarihi ve fotoğrafın yönü gibi diğer bilgiler korunur. Videolardaki konum bilgisi silinmez.',
      'Davetli listesi: listeye eklediğiniz kişilerin adları, telefon numaraları, katılım durumları ve kişi sayıları ile WhatsApp davetiye yazışmaları.',
      'Teknik kayıtlar: güvenlik ve kötüye kullanımın önlenmesi için sınırlı süreyle tutulan IP adresi, tarih-saat ve istek bilgileri.',
    ],
  },
  {
    title: '2. Bilgilerin Kullanımı',
    paragraphs: ['Bilgilerinizi yalnızca aşağıdaki amaçlarla kullanırız:'],
    items: [
      'Hesabınızı oluşturmak, e-posta adresinizi doğrulamak ve oturumunuzu güvenle yönetmek,',
      'Misafirlerinizin yüklediği fotoğraf ve videoları albümünüzde size göstermek ve indirmenizi sağlamak,',
      'QR kodlu masa kartlarınızı hazırlamak ve siparişinizle ilgili sizinle iletişim kurmak,',
      'Davetiye ve katılım yanıtlarını sizin adınıza WhatsApp üzerinden iletmek ve listelemek,',
      'Yasal yükümlülüklerimizi yerine getirmek.',
    ],
    closing:
      'Bilgilerinizi reklam, profilleme veya pazarlama amacıyla kullanmayız; sizden açık izin almadan tanıtım iletisi göndermeyiz.',
  },
  {
    title: '3. Veri Güvenliği',
    paragraphs: [
      'Siteyle aranızdaki tüm bağlantılar şifrelidir (HTTPS). Şifreler güçlü bir algoritmayla özetlenerek saklanır; çalışanlarımız dahil kimse şifrenizi göremez.',
      'Albümünüzdeki fotoğraf ve videolar tahmin edilemeyen, kısa süre geçerli bağlantılarla sunulur; albümünüz varsayılan olarak yalnızca size açıktır. İçerikleriniz düğün tarihinden itibaren 1 yıl boyunca saklanır ve bu sürenin sonunda kalıcı olarak silinir. Süre dolmadan önce tüm albümü tek tıkla indirebilirsiniz. Silinen içerikler, arızalara karşı aldığımız yedeklerde en fazla 30 gün daha kalır ve sonra oradan da silinir.',
    ],
  },
  {
    title: '4. Bilgilerin Paylaşımı',
    paragraphs: [
      'Kişisel verilerinizi satmayız ve kiralamayız. Verileriniz yalnızca hizmetin işleyişi için zorunlu olan, veri güvenliği taahhüdü veren hizmet sağlayıcılarımızla (barındırma ve depolama, e-posta gönderimi, WhatsApp Business altyapısı) ve yalnızca gerekli olduğu ölçüde paylaşılır.',
      'Yetkili kamu kurum ve kuruluşlarının kanuna dayalı talepleri hâlinde, talep kapsamıyla sınırlı olarak bilgi verilebilir.',
    ],
  },
  {
    title: '5. Çerezler',
    paragraphs: [
      'Sitemizde çerez (cookie) kullanılmaz; reklam, analiz veya takip amaçlı üçüncü taraf araçlar da bulunmaz. Yazı tipleri dahil tüm dosyalar kendi sunucularımızdan yüklenir.',
      'Giriş yaptığınızda oturum anahtarınız ve tema tercihiniz yalnızca tarayıcınızın yerel depolama alanında tutulur; çıkış yaptığınızda silinir.',
    ],
  },
  {
    title: '6. KVKK Kapsamındaki Haklarınız',
    paragraphs: [
      `6698 sayılı Kişisel Verilerin Korunması Kanunu'nun 11. maddesi uyarınca ${contact.legalName} (veri sorumlusu) tarafından işlenen verilerinizle ilgili olarak:`,
    ],
    items: [
      'Kişisel verilerinizin işlenip işlenmediğini öğrenme ve işlenmişse buna ilişkin bilgi talep etme,',
      'İşlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme,',
      'Yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,',
      'Eksik veya yanlış işlenmişse düzeltilmesini isteme,',
      'Kanunda öngörülen şartlar çerçevesinde silinmesini veya yok edilmesini isteme,',
      'Düzeltme ve silme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,',
      'Münhasıran otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonucun ortaya çıkmasına itiraz etme,',
      'Kanuna aykırı işleme nedeniyle zarara uğramanız hâlinde zararın giderilmesini talep etme haklarına sahipsiniz.',
    ],
    closing: [
      'Başvurularınızı en geç 30 gün içinde ücretsiz olarak sonuçlandırırız.',
      'Hesap sahibiyseniz en sık kullanılan iki hakkınızı beklemeden, kendiniz kullanabilirsiniz. Profil sayfanızdaki "Verilerimi İndir" düğmesiyle hesabınız, etkinlikleriniz, düğün bilgileriniz, davetli listeleriniz ve WhatsApp yazışmalarınız tek bir ZIP dosyasında hazırlanır ve indirme bağlantısı e-posta adresinize gönderilir. "Hesabımı Sil" düğmesiyle, şifrenizi ve e-postayla gönderdiğimiz onay bağlantısını doğruladıktan sonra hesabınız; etkinlikleri, albümleri, davetli listeleri ve yazışmalarıyla birlikte 7 gün sonra kalıcı olarak silinir. Bu 7 gün boyunca giriş yapıp talebinizden vazgeçebilirsiniz.',
      'Misafir veya davetliyseniz: albüme yüklediğiniz fotoğraf, video, isim ve notlar ile davetli listesindeki adınız ve telefon numaranız, düğünü düzenleyen çifte (hesap sahibine) aittir ve onların adına işlenir. Bu verilerinizin silinmesini veya düzeltilmesini istiyorsanız önce çifte başvurun: hesap sahibi, albümden sizin adınızla yüklenen bütün içerikleri tek işlemle, davetli listesindeki kaydınızı ve sizinle yapılan WhatsApp yazışmasını da ayrı bir işlemle silebilir. Çifte ulaşamıyorsanız, düğünün adını ve tarihini belirterek aşağıdaki iletişim adresinden bize yazın; talebinizi hesap sahibine iletir ve sonuçlanmasını takip ederiz.',
      'Hesap sahibi hesabını sildiğinde misafirlerin yüklediği içerikler ve davetli bilgileri de silinir. Albümler, düğün tarihinden itibaren 1 yıl sonunda zaten kalıcı olarak silinir.',
    ],
  },
  {
    title: '7. İletişim',
    paragraphs: [
      `Gizlilik ve kişisel verilerle ilgili tüm soru ve talepleriniz için ${contact.email} adresine e-posta gönderebilir, ${contact.phoneDisplay} numaralı telefondan bize ulaşabilir veya yazılı başvurunuzu ${contact.address} adresine iletebilirsiniz.`,
    ],
  },
];
