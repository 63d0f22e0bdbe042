// The texts of the guest upload page (the QR code's page guests open on phones at the venue), as a
// module of their own: that page imports this one instead of messages.ts, which would add ~8 kB gzip
// of other screens' texts to its first load. messages.ts spreads each into its group of the same name
// (guestUpload into messages.upload, ...), so server and other screens read the very same strings.
// Imports nothing (no zod either), so it stays this small; one const per group, so the page's minified
// code names each with a single letter.

// What a screen says when something failed and it has nothing more specific to say.
export const guestGeneric = {
  error: 'Bir hata oluştu',
} as const;

export const guestUpload = {
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
  emptyFile: 'Bu dosya boş; içinde yüklenecek bir şey yok.',
  alreadySelected: 'Bu dosya zaten seçili.',
  closedTitle: 'Fotoğraf Yükleme Kapalı',
  success: '{n} dosya başarıyla yüklendi.',
  failed: 'Dosyalar yüklenirken bir hata oluştu.',
  // The server's reasons for refusing a file that speak of the whole upload. They live here, not only
  // with the server's texts, so the page can recognise them and name each refused file with a shorter
  // reason of its own (guestSubmissions' reason* texts).
  closed:
    'Fotoğraf Yükleme Kapalı. Bu etkinliğe şu anda fotoğraf eklenemiyor; lütfen etkinlik sahibiyle iletişime geçin.',
  quotaBytes:
    'Bu albümün depolama alanı doldu; dosyalarınız yüklenmedi. Lütfen etkinlik sahibiyle iletişime geçin.',
  quotaItems:
    'Bu albüm en fazla dosya sayısına ulaştı; dosyalarınız yüklenmedi. Lütfen etkinlik sahibiyle iletişime geçin.',
  ipBudget: 'Bu bağlantıdan son bir saat içinde çok fazla veri yüklendi. Lütfen daha sonra tekrar deneyin.',
} as const;

export const guestEvents = {
  notFound: 'Etkinlik bulunamadı.',
  infoFailed: 'Etkinlik bilgileri yüklenirken bir sorun oluştu.',
} as const;

// Per-file outcomes, progress and continuing after a reload (tus).
export const guestSubmissions = {
  sending: 'Yükleniyor…',
  accepted: 'Yüklendi',
  // "Already uploaded", not "already in the album": with approval on, the earlier copy may still be waiting.
  duplicate: 'Bu dosya daha önce yüklenmiş.',
  duplicateBadge: 'Zaten yüklü',
  afterApproval: 'Fotoğraf ve videolarınız çift onayladıktan sonra albümde görünecek.',
  refusedBadge: 'Yüklenmedi',
  refused: 'Bu dosya kabul edilmedi.',
  refusedTitle: 'Bu dosyalar yüklenmedi:',
  duplicatesTitle: 'Bu dosyalar daha önce yüklendiği için tekrar yüklenmedi:',
  progress: '{done}/{total} dosya yüklendi',
  connectionLost: 'Bağlantı koptu. Yüklemeniz kaydedildi; kaldığı yerden devam etmek için dokunun.',
  offline: 'İnternet bağlantınız yok. Bağlantı gelince yükleme kaldığı yerden kendiliğinden devam edecek.',
  retrying: 'Bağlantı zayıf; yükleme yeniden deneniyor…',
  resumeTitle: 'Yüklemeniz yarım kaldı',
  resumeBody: '{n} dosya henüz gönderilmedi. Kaldığı yerden devam edebilirsiniz.',
  resume: 'Yüklemeye Devam Et',
  discard: 'Vazgeç',
  // The same page open twice on one phone (the QR scanned again): one upload at a time per event.
  otherTab: 'Bu telefonda başka bir sekmede yükleme sürüyor. O bitince burada devam etmek için dokunun.',
  // The two above as a computer's mouse says them (the page asks a phone to tap, a computer to click).
  connectionLostClick: 'Bağlantı koptu. Yüklemeniz kaydedildi; kaldığı yerden devam etmek için tıklayın.',
  otherTabClick:
    'Bu bilgisayarda başka bir sekmede yükleme sürüyor. O bitince burada devam etmek için tıklayın.',
  // Beside the progress count: the files that are done but did not add to the album.
  progressRefused: '{n} dosya yüklenmedi',
  progressDuplicates: '{n} dosya zaten yüklü',
  // A refused file's reason in the page's per-file places (its tile, the list of files not uploaded),
  // where the server's sentence about the whole upload would repeat once per file.
  reasonTypeUndetectable: 'Dosya tipi algılanamadı.',
  reasonClosed: 'Yüklemeler kapatıldı.',
  reasonQuotaBytes: 'Albümün depolama alanı doldu.',
  reasonQuotaItems: 'Albüm en fazla dosya sayısına ulaştı.',
  reasonIpBudget: 'Bu bağlantının saatlik yükleme sınırı doldu.',
  // The server had too many submissions from the venue's shared address: nothing failed, the page waits.
  busy: 'Şu anda çok yoğunuz. Yüklemeniz {süre} sonra kendiliğinden başlayacak.',
  busySeconds: '{n} saniye',
  busyMinutes: '{n} dakika',
  startNow: 'Şimdi Dene',
  videoBadge: 'Video',
} as const;

// "Yüklediklerim": what this phone uploaded to the event.
export const guestMyUploads = {
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
  confirmBodyShared:
    'Aynı dosyayı başka bir misafir de yükledi: dosya sizin listenizden kalkar, albümde onun adıyla kalır.',
  confirm: 'Sil',
  cancel: 'Vazgeç',
  deleteFailed: 'Dosya silinemedi. Lütfen tekrar deneyin.',
  closed: 'Yüklemeler kapandığı için dosyalarınız artık silinemez.',
  // A delete finding the file already gone, or a refresh no longer listing one. The phone cannot tell
  // who removed it (the couple, or this phone's other tab) nor a rejection from a deletion: said
  // without naming anyone.
  alreadyRemoved: 'Bu dosya albümden zaten kaldırılmış.',
  alreadyGone: 'Bu dosya zaten kaldırılmış.',
  removedWhilePending: 'Onay bekleyen {n} dosyanız albüme eklenmeden kaldırıldı.',
} as const;
