// Landing-page copy and sample data. Numbers are the product's
// marketing claims: 120+ couples, 8500+ photos, ~500 shares a month, 2299 TL for 30 cards.
/** The generated illustrations (scripts/make-art.mjs), shown through ArtPicture. */
export type ArtName =
  | 'sunset-couple'
  | 'rings'
  | 'bouquet'
  | 'cake'
  | 'first-dance'
  | 'table-candles'
  | 'champagne-toast'
  | 'garden-ceremony'
  | 'confetti-exit'
  | 'bride-1'
  | 'bride-2'
  | 'bride-3'
  | 'bride-4';

const sunsetCouple = 'sunset-couple';
const rings = 'rings';
const bouquet = 'bouquet';
const cake = 'cake';
const firstDance = 'first-dance';
const tableCandles = 'table-candles';
const champagne = 'champagne-toast';
const garden = 'garden-ceremony';
const confetti = 'confetti-exit';

export const art = {
  sunsetCouple,
  rings,
  bouquet,
  cake,
  firstDance,
  tableCandles,
  champagne,
  garden,
  confetti,
} as const;

export const stats = [
  { value: '120+', label: 'Mutlu Çift' },
  { value: '8500+', label: 'Paylaşılan Fotoğraf' },
  { value: '500', label: 'Aylık Ortalama Paylaşım' },
] as const;

/** Memory shares per month, oldest first; labels are computed from today's date. */
export const monthlyShares = [412, 455, 468, 521, 549, 603] as const;

export const steps = [
  {
    title: 'Masa Kartı Hazırlığı',
    text: 'Düğününüze özel, QR kodlu 30 şık masa kartını sizin için tasarlayıp basıyoruz.',
  },
  {
    title: 'Kullanıcı Oluşturma',
    text: 'Size özel bir hesap açıyoruz; albümünüz yalnızca sizin erişiminize açık olur.',
  },
  {
    title: 'Hizmete Erişim',
    text: 'Misafirleriniz QR kodu okutup uygulama indirmeden fotoğraf, video ve notlarını yükler.',
  },
  {
    title: 'Kolay İndirme',
    text: 'Tüm anılarınızı notlarıyla birlikte görüntüler, dilediğiniz an tek tıkla indirirsiniz.',
  },
] as const;

export const moments = [
  {
    image: sunsetCouple,
    title: 'Gün batımında ilk kare',
    uploader: 'Zeynep K.',
    note: 'Bu kareyi görünce gözlerim doldu, çok yakıştınız!',
  },
  {
    image: rings,
    title: 'Yüzükler',
    uploader: 'Mert A.',
    note: 'Sağdıç olarak yüzükleri ben taşıdım, belgesi burada',
  },
  {
    image: firstDance,
    title: 'İlk dans',
    uploader: 'Selin Teyze',
    note: 'Piste çıktığınız an tüm salon sustu. Bir ömür mutluluk!',
  },
  {
    image: bouquet,
    title: 'Gelin çiçeği',
    uploader: 'Ece D.',
    note: 'Çiçeği ben yakaladım, sıradaki düğün bizde!',
  },
  { image: cake, title: 'Pasta kesimi', uploader: 'Burak Y.', note: 'Pasta da siz de harikaydınız.' },
  {
    image: garden,
    title: 'Bahçede nikâh',
    uploader: 'Ayten Hanım',
    note: 'Allah bir yastıkta kocatsın yavrularım.',
  },
  {
    image: champagne,
    title: 'Kadeh kaldırırken',
    uploader: 'Deniz ve Kaan',
    note: 'Nice mutlu yıllara, şerefe!',
  },
  {
    image: tableCandles,
    title: 'Masa süslemesi',
    uploader: 'Misafir',
    note: 'Masalar büyüleyiciydi, her detay düşünülmüş.',
  },
  {
    image: confetti,
    title: 'Konfeti çıkışı',
    uploader: 'Oğuz T.',
    note: 'Konfetiler havada, mutluluk yerde!',
  },
] as const;

export const testimonials = [
  {
    quote:
      'Düğünden sonraki sabah albümü açtığımızda hiç görmediğimiz yüzlerce kare vardı. Halamın yazdığı not hâlâ beni ağlatıyor. İyi ki bu hizmeti seçmişiz.',
    name: 'Elif & Can',
    designation: 'Mutlu Gelin',
    src: 'bride-1',
  },
  {
    quote:
      'Misafirlerimiz QR kodu okutup saniyeler içinde yükledi; kimse uygulama indirmek zorunda kalmadı. Masa kartları da o kadar şıktı ki birçoğu hatıra olarak götürdü.',
    name: 'Merve & Emre',
    designation: 'Mutlu Gelin',
    src: 'bride-2',
  },
  {
    quote:
      'Fotoğrafçımızın kaçırdığı anları misafirlerimiz yakalamış. Bütün albümü tek tıkla indirip ailemizle paylaştık. Ekip de her soruma hızlıca döndü.',
    name: 'Aslı & Burak',
    designation: 'Mutlu Gelin',
    src: 'bride-3',
  },
  {
    quote:
      'Kına gecesinden düğüne kadar her şey tek albümde toplandı. Videolarla birlikte notları okumak, düğünü yeniden yaşamak gibiydi.',
    name: 'Zehra & Onur',
    designation: 'Mutlu Gelin',
    src: 'bride-4',
  },
] as const;

export const faqs = [
  {
    question: 'Misafirlerimiz fotoğrafları ne zaman yükleyebilir?',
    answer:
      'Misafirleriniz düğün boyunca, masadaki QR kodu telefonlarıyla okutarak fotoğraf ve videolarını anında yükleyebilir. Uygulama indirmeleri veya üye olmaları gerekmez; isimlerini ve isterlerse size bir not yazmaları yeterlidir.',
  },
  {
    question: 'Yüklenen fotoğrafları nasıl görüntüleriz?',
    answer:
      'Size özel açılan hesapla giriş yaparak albümünüzdeki tüm fotoğraf ve videoları görüntüler, misafirlerinizin bıraktığı notları okursunuz. Albümünüz yalnızca size açıktır.',
  },
  {
    question: 'Fotoğrafları indirebilir miyiz?',
    answer:
      'Evet. Tüm albümü tek tıkla ZIP dosyası olarak, istediğiniz zaman ve istediğiniz kadar indirebilirsiniz.',
  },
  {
    question: 'Hizmetin ücreti nedir?',
    answer:
      'Paketimiz 2299 TL’dir ve düğününüze özel tasarlanmış 30 adet QR kodlu masa kartını, dijital albümü ve hesabınızı kapsar.',
  },
  {
    question: 'Fotoğraflarımız ne kadar süre saklanır?',
    answer:
      'Fotoğraf ve videolarınız düğün tarihinden itibaren 1 yıl boyunca güvenle saklanır. Bu süre içinde albümünüzü dilediğiniz kadar indirebilirsiniz.',
  },
  {
    question: 'Ne kadar önceden rezervasyon yapmalıyız?',
    answer:
      'Masa kartlarınızın tasarımı, baskısı ve size ulaştırılması için düğününüzden 1 hafta ile 10 gün önce bizimle iletişime geçmenizi öneririz.',
  },
] as const;
