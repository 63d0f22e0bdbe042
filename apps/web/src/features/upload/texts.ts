// The contract's texts this page shows, copied so the page guests open on phones does not carry the
// whole messages module (~8 kB gzip of texts for other screens). texts.test.ts keeps them equal to
// the contract, so a text changed there fails the tests here.
export const uploadTexts = {
  eventIdMissing: 'Geçersiz eventId: eventId boş veya tanımsız',
  selectFiles: 'Lütfen yüklemek için dosya seçin.',
  nameRequired: 'Lütfen isminizi girin.',
  nameMin: 'İsminiz en az 2 karakter olmalı.',
  nameMax: 'İsminiz en fazla 100 karakter olabilir.',
  noteMax: 'Not en fazla 500 karakter olabilir.',
  typeUndetectable: 'Seçtiğiniz dosyalardan bazıları desteklenmiyor (dosya tipi algılanamadı).',
  onlyImagesAndVideos: 'Sadece resim ve video dosyaları yüklenebilir.',
  maxPhotos: 'En fazla 10 adet fotoğraf yükleyebilirsiniz.',
  maxVideos: 'En fazla 3 adet video yükleyebilirsiniz.',
  maxTotalSize: "Toplam dosya boyutu 100MB'ı geçemez.",
  closedTitle: 'Fotoğraf Yükleme Kapalı',
  success: '{n} dosya başarıyla yüklendi.',
  failed: 'Dosyalar yüklenirken bir hata oluştu.',
} as const;

export const eventTexts = {
  notFound: 'Etkinlik bulunamadı.',
  infoFailed: 'Etkinlik bilgileri yüklenirken bir sorun oluştu.',
} as const;

export const submissionTexts = {
  sending: 'Yükleniyor…',
  accepted: 'Yüklendi',
  duplicate: 'Bu dosya zaten albümde.',
  duplicateBadge: 'Zaten albümde',
  afterApproval: 'Fotoğraf ve videolarınız çift onayladıktan sonra albümde görünecek.',
  refusedBadge: 'Yüklenmedi',
  refused: 'Bu dosya kabul edilmedi.',
  refusedTitle: 'Bu dosyalar yüklenmedi:',
  duplicatesTitle: 'Bu dosyalar zaten albümde olduğu için tekrar yüklenmedi:',
  progress: '{done}/{total} dosya yüklendi',
  connectionLost: 'Bağlantı koptu. Yüklemeniz kaydedildi; kaldığı yerden devam etmek için dokunun.',
  resumeTitle: 'Yüklemeniz yarım kaldı',
  resumeBody: '{n} dosya henüz gönderilmedi. Kaldığı yerden devam edebilirsiniz.',
  resume: 'Yüklemeye Devam Et',
  discard: 'Vazgeç',
} as const;

export const myUploadsTexts = {
  title: 'Yüklediklerim',
  processing: 'İşleniyor',
  pending: 'Onay bekliyor',
  approved: 'Albümde',
  empty: 'Bu telefondan yüklenmiş bir dosya yok.',
  loadFailed: 'Yükledikleriniz şu anda gösterilemiyor.',
  retry: 'Tekrar Dene',
  deleteLabel: '{name} dosyasını sil',
  confirmTitle: 'Bu dosya silinsin mi?',
  confirmBody: 'Dosya albümden kaldırılır; bu işlem geri alınamaz.',
  confirm: 'Sil',
  cancel: 'Vazgeç',
  deleteFailed: 'Dosya silinemedi. Lütfen tekrar deneyin.',
  closed: 'Yüklemeler kapandığı için dosyalarınız artık silinemez.',
} as const;
