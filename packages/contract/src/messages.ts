import { z } from 'zod';
import {
  guestEvents,
  guestGeneric,
  guestMyUploads,
  guestSubmissions,
  guestUpload,
} from './messages-guest.ts';

// Zod's own fallback texts (for a wrong type, say) in Turkish too, for server and web alike.
z.config(z.locales.tr());

// Turkish texts a person reads, shared by server and web. Texts users already know are kept letter for letter.
// The guest upload page's texts live in messages-guest.ts (so that page loads only those) and are spread
// into their groups here.
export const messages = {
  generic: {
    ...guestGeneric,
    unexpected: 'Beklenmeyen bir hata oluştu',
    notFoundRoute: 'İstenen adres bulunamadı.',
    invalidInput: 'Gönderilen bilgiler geçersiz.',
    rateLimited: 'Çok fazla deneme yaptınız. Lütfen biraz bekleyip tekrar deneyin.',
    rateLimitedFor: 'Çok fazla deneme yaptınız. Lütfen {süre} sonra tekrar deneyin.',
    unavailable: 'Hizmet şu anda kullanılamıyor. Lütfen biraz sonra tekrar deneyin.',
    payloadTooLarge: 'Gönderilen veri çok büyük.',
  },
  auth: {
    loginRequired: 'Bu işlem için giriş yapmalısınız',
    sessionExpired: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.',
    wrongCredentials: 'Kullanıcı adı veya şifre yanlış.',
    notActivated:
      'Hesabınız henüz etkinleştirilmedi. Lütfen e-posta adresinize gönderdiğimiz bağlantıyla hesabınızı etkinleştirin.',
    forbidden: 'Bu işlem için yetkiniz yok.',
    userNotFound: 'Kullanıcı bulunamadı.',
    fillAllFields: 'Lütfen tüm gerekli alanları doldurun.',
    termsRequired: 'Kullanım koşullarını kabul etmelisiniz.',
    passwordRules: 'Lütfen şifre gereksinimlerini kontrol edin.',
    passwordMin: 'Şifre en az 6 karakter uzunluğunda olmalıdır',
    passwordUpper: 'Şifre en az bir büyük harf içermelidir',
    passwordLower: 'Şifre en az bir küçük harf içermelidir',
    passwordDigit: 'Şifre en az bir rakam içermelidir',
    passwordMax: 'Şifre en fazla 128 karakter olabilir',
    passwordMismatch: 'Şifreler eşleşmiyor',
    currentPasswordRequired: 'Şifrenizi değiştirmek için mevcut şifrenizi girin.',
    currentPasswordWrong: 'Mevcut şifreniz yanlış.',
    currentPasswordForEmail: 'E-posta adresinizi değiştirmek için mevcut şifrenizi girin.',
    usernameRequired: 'Ad ve soyad zorunludur.',
    usernameTooLong: 'Ad ve soyad en fazla 100 karakter olabilir.',
    emailInvalid: 'Geçerli bir e-posta adresi girin.',
    phoneInvalid: 'Geçerli bir cep telefonu numarası girin (ör. 0532 123 45 67).',
    emailTaken: 'Bu e-posta adresiyle kayıtlı bir hesap zaten var.',
    usernameTaken:
      'Bu ad ve soyadla kayıtlı bir hesap zaten var. Adınıza ikinci adınızı ekleyerek ya da adınızı biraz farklı yazarak devam edebilirsiniz.',
    loginIdentifierRequired: 'E-posta adresinizi veya kullanıcı adınızı girin.',
    passwordRequired: 'Şifrenizi girin.',
    registerFailed: 'Kayıt sırasında bir hata oluştu. Lütfen tekrar deneyin.',
    registered:
      'Kaydınız alındı. Hesabınızı etkinleştirmek için e-posta adresinize gönderdiğimiz bağlantıya tıklayın.',
    activationResent:
      'Hesabınız henüz etkinleştirilmediyse, bu adrese yeni bir etkinleştirme bağlantısı gönderdik.',
    resetRequested: 'Bu e-posta adresiyle kayıtlı bir hesap varsa, şifre sıfırlama bağlantısını gönderdik.',
    resetDone: 'Şifreniz güncellendi. Yeni şifrenizle giriş yapabilirsiniz.',
    tokenInvalid: 'Bağlantı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
    loggedOut: 'Çıkış yapıldı.',
    profileUpdated: 'Profil bilgileriniz güncellendi.',
    passwordUpdated: 'Şifreniz güncellendi. Diğer cihazlardaki oturumlarınız kapatıldı.',
    passwordUnchanged: 'Yeni şifreniz mevcut şifrenizle aynı; lütfen farklı bir şifre seçin.',
    // A new password ends every unused e-mail link, the pending change's too: the host is told so.
    emailChangeDroppedByPassword:
      'Güvenliğiniz için bekleyen e-posta değişikliğiniz iptal edildi; yeni adresi yeniden kaydedebilirsiniz.',
    emailChangePending:
      'Yeni e-posta adresinize bir doğrulama bağlantısı gönderdik. Bağlantıya tıkladığınızda adresiniz değişecek.',
    nothingToUpdate: 'Güncellenecek bir bilgi gönderilmedi.',
    passwordWrong: 'Şifreniz yanlış.',
    deletionRequested:
      'Onay bağlantısını e-posta adresinize gönderdik. Bağlantıya tıkladığınızda hesabınız 7 gün sonra silinmek üzere planlanacak.',
    deletionCancelled: 'Hesap silme talebiniz iptal edildi. Hesabınız ve tüm verileriniz yerinde duruyor.',
    deletionNotScheduled: 'Planlanmış bir hesap silme talebiniz bulunmuyor.',
    exportRequested:
      'Verileriniz hazırlanıyor. Hazır olduğunda indirme bağlantısını e-posta adresinize göndereceğiz.',
    // Not in the original texts: a session that ended while in use (a logout in another tab, a new
    // password, a confirmed deletion) is said to have ended, not answered like a visitor's attempt.
    sessionEndedTitle: 'Oturum Sona Erdi',
    sessionEnded: 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
    // The login button while a short slow-down after wrong passwords runs: "4 saniye bekleyin".
    loginWaitSeconds: '{saniye} saniye bekleyin',
    // Under the profile's e-mail field (the address that still signs in) while a change awaits its link.
    emailPendingNote: 'Yeni adresiniz {eposta} onay bekliyor; onaylanana kadar giriş için bu adres geçerli.',
    // The events page during an account deletion's grace period; the link leads to the profile's section.
    deletionAlbumNote: 'Hesap silme talebiniz nedeniyle albümünüz {tarih} tarihinde kalıcı olarak silinecek.',
    deletionCancelLink: 'Vazgeçtiyseniz talebinizi Profil Ayarları’ndan iptal edebilirsiniz.',
  },
  // The profile's KVKK cards ("Verilerimi İndir", "Hesabımı Sil"): their buttons while idle, busy and done.
  account: {
    exportAction: 'Verilerimi İndir',
    exportPending: 'İsteğiniz alınıyor...',
    exportDone: 'İstek Alındı',
    deleteAction: 'Hesabımı Sil',
    deletePending: 'Gönderiliyor...',
    // Under auth.deletionRequested, where the form was: the mailed link is the only next step.
    deletionMailHint:
      'Bağlantı 24 saat geçerlidir. E-posta birkaç dakika içinde gelmezse istenmeyen e-posta (spam) klasörünüze de bakın.',
    cancelAction: 'Silme Talebini İptal Et',
    cancelPending: 'İptal ediliyor...',
  },
  events: {
    ...guestEvents,
    titleRequired: 'Etkinlik adı zorunludur',
    titleBlank: 'Etkinlik adı boş olamaz',
    titleMin: 'Etkinlik adı en az 3 karakter olmalıdır',
    titleMax: 'Etkinlik adı en fazla 100 karakter olabilir',
    dateRequired: 'Etkinlik tarihi zorunludur',
    dateMissing: 'Etkinlik tarihi belirtilmelidir',
    dateInvalid: 'Geçersiz tarih formatı',
    dateInPast: 'Etkinlik tarihi bugünden önce olamaz',
    invalidDateTitle: 'Geçersiz Tarih',
    descriptionMax: 'Açıklama en fazla 500 karakter olabilir',
    formErrorTitle: 'Form Hatası',
    idMissing: 'Etkinlik ID bulunamadı.',
    created: 'Etkinlik başarıyla oluşturuldu.',
    updated: 'Etkinlik bilgileri başarıyla güncellendi.',
    updateFailed: 'Etkinlik bilgileri güncellenirken bir sorun oluştu.',
    deleted: 'Etkinlik silindi.',
    coverImageInvalid: 'Geçersiz kapak görseli.',
    listFailed: 'Etkinlikler yüklenirken bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
    detailsFailed: 'Etkinlik detayları yüklenirken bir hata oluştu.',
    cardThemeInvalid: 'Geçersiz kart tasarımı.',
    galleryPublicUnavailable:
      'Herkese açık albüm henüz kullanılamıyor; albümünüz yalnızca size özel olabilir.',
    flagInvalid: 'Ayar değeri açık ya da kapalı olmalıdır.',
    retainedUntil: 'Albümünüz {tarih} tarihine kadar saklanacak',
    // Not in the original texts: an account whose deletion the host confirmed (grace period).
    deletedWithAccount:
      'Hesap silme talebiniz nedeniyle albümünüz {tarih} tarihinde kalıcı olarak silinecek. Vazgeçmek için Ayarlar’daki “Verilerim ve Hesabım” bölümüne gidin.',
    archived: 'Arşivlendi',
    archivedAlbum:
      'Bu albümün saklama süresi {tarih} tarihinde doldu ve fotoğraflarla videolar, size önceden haber verdiğimiz gibi kalıcı olarak silindi. Etkinliğinizin adı, tarihi ve paylaşılan içerik sayısı hatıra olarak burada kalmaya devam ediyor.',
    // Beside the retention date: the sweep mails the owner 30 and 7 days before the files go.
    retentionReminder:
      'Silinmeden 30 ve 7 gün önce size e-postayla hatırlatır ve albümün indirme bağlantısını göndeririz.',
    /** An event's items awaiting the couple's approval; links to its album's review tab. */
    pendingWaiting: '{n} öğe onayınızı bekliyor',
    /** After the usage line's item count: it includes the items awaiting approval (they hold a place). */
    usagePendingIncluded: '{n} onay bekleyen dahil',
    /** Under "Fotoğraf ve Videolar (N)" while items wait: N is the approved ones only. */
    approvedOnlyNote: 'Bu sayı yalnızca onaylananları içerir; {n} öğe daha onayınızı bekliyor.',
    emptyButPendingTitle: 'Henüz Onaylanmış Fotoğraf Yok',
    emptyButPending:
      'Misafirlerinizin yüklediği {n} öğe onayınızı bekliyor; onayladıklarınız albümde görünür.',
    reviewPendingLink: 'Onay Bekleyenlere Git',
    /** Home page: the latest event's notice covers only it; other events' waiting items are named here. */
    pendingElsewhere: 'Diğer etkinliklerinizde de onayınızı bekleyen öğeler var.',
    pendingElsewhereLink: 'Etkinliklerinize Gidin',
    /** The event card's cover picture, named after its event (a list holds many). */
    coverAlt: '{title} kapak görseli',
    /** The event card's preview tiles: which event's which item a button opens. */
    previewPhoto: '{title} albümünün {n}. fotoğrafını aç',
    previewVideo: '{title} albümünün {n}. videosunu aç',
  },
  media: {
    photosFailed: 'Fotoğraflar yüklenirken bir hata oluştu.',
    morePhotosFailed: 'Daha fazla fotoğraf yüklenirken bir hata oluştu.',
    photoNotFound: 'Fotoğraf bulunamadı.',
    // A signed file link (a photo, an album ZIP, a data export) whose file is gone: not always a photo.
    fileGone: 'Dosya bulunamadı. Silinmiş ya da yerine daha yeni bir dosya hazırlanmış olabilir.',
    photoIdsRequired: 'Silinecek fotoğraf seçilmedi.',
    deletedOne: 'Fotoğraf başarıyla silindi.',
    deletedMany: '{n} adet fotoğraf silindi.',
    deleteFailed: 'Fotoğraflar silinirken bir hata oluştu.',
    deleteOneFailed: 'Fotoğraf silinirken bir hata oluştu.',
    noPhotos: 'Bu etkinlikte henüz fotoğraf bulunmuyor.',
    downloadFailed: 'Albüm indirilirken bir hata oluştu.',
    downloadHttpFailed: 'Dosyalar indirilemedi. HTTP Hata Kodu: {status}',
    downloaded: 'Albüm başarıyla indirildi.',
    invalidCursor: 'Sayfa bilgisi geçersiz. Lütfen albümü yeniden açın.',
    invalidPage: 'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır.',
    invalidLimit: 'Sayfa başına öğe sayısı 1 ile 100 arasında bir tam sayı olmalıdır.',
    linkInvalid: 'Bağlantı geçersiz veya süresi dolmuş.',
    rangeNotSatisfiable: 'İstenen bayt aralığı geçersiz.',
    // Album downloads running at once are bounded: this album's, and the server's in all.
    albumDownloadsBusy:
      'Bu albüm şu anda birkaç yerden birden indiriliyor. Süren indirmelerden biri bitince yeniden deneyin.',
    serverDownloadsBusy: 'Şu anda çok sayıda albüm indiriliyor. Lütfen birkaç dakika sonra yeniden deneyin.',
    notesFileName: 'notlar.csv',
    notesHeader: ['Dosya', 'Yükleyen', 'Tarih', 'Not'],
    defaultZipName: 'etkinlik_fotograflari.zip',
    uploaderRequired: 'Yüklemeleri silinecek kişinin adı belirtilmelidir.',
    uploaderNotFound: 'Bu isimle yüklenmiş bir içerik bulunamadı.',
    uploaderCopiesErased:
      'Bu isimle gönderilenler silindi. Aynı fotoğrafları başka misafirler de gönderdiği için albümde onların adıyla kalıyor.',
    uploaderDeleteConfirm:
      '“{isim}” adıyla yüklenen bütün fotoğraf ve videolar, notlarıyla birlikte kalıcı olarak silinecek. Bu işlem geri alınamaz. Emin misiniz?',
    unreadable: 'Bu fotoğraf görüntülenemiyor; dosya bozuk olabilir.',
    usage: '{used} / {max} · {items} / {maxItems} dosya',
    // A phone's album download: the browser's own download manager fetches the ZIP, so the page can
    // only say it passed it on, not that the album arrived.
    downloadHandedOff:
      'İndirme tarayıcınıza devredildi. İlerlemesini tarayıcınızın indirilenler listesinden izleyebilirsiniz.',
    /** The button under a list that could not be loaded (the host's events behind the album pages). */
    loadRetry: 'Tekrar Dene',
  },
  approval: {
    /** Under "Tümünü Seç" while more items wait than are loaded: the selection is only the loaded ones. */
    notAllLoaded: '{n} öğe seçildi · {rest} öğe henüz yüklenmedi.',
    /** Loads the next page (at most a page's worth) and adds it to the selection. */
    loadAndSelect: '{k} öğe daha göster ve seç',
    noteMore: 'Notun tamamı',
    noteLess: 'Kısalt',
    approvedOne: 'Fotoğraf onaylandı ve albüme eklendi.',
    approvedMany: '{n} dosya onaylandı ve albüme eklendi.',
    settingTitle: 'Fotoğraf Onayı',
    auto: 'Otomatik',
    autoHint: 'Misafirlerin yüklediği fotoğraf ve videolar albümde ve duvarda hemen görünür.',
    manual: 'Ben onaylarım',
    manualHint: 'Yüklenenler siz onaylayana kadar yalnızca size görünür; duvara onaydan sonra düşer.',
    pendingTitle: 'Onay Bekleyenler',
    pendingEmpty: 'Onay bekleyen fotoğraf veya video yok.',
    pendingEmptyHint: 'Misafirleriniz yeni bir şey yüklediğinde burada görünecek.',
    pendingFailed: 'Onay bekleyenler yüklenirken bir hata oluştu.',
    approve: 'Onayla',
    approveSelected: 'Seçilenleri Onayla',
    selectAll: 'Tümünü Seç',
    reject: 'Reddet',
    rejectTitle: 'Fotoğrafı Reddet',
    rejectManyTitle: 'Seçilenleri Reddet',
    rejectManyConfirm:
      'Seçilen {n} öğe onaylanmadan kalıcı olarak silinecek. Bu işlem geri alınamaz. Emin misiniz?',
    anonymous: 'İsimsiz misafir',
    rejectConfirm: 'Bu öğe onaylanmadan kalıcı olarak silinecek. Bu işlem geri alınamaz. Emin misiniz?',
    approveFailed: 'Onaylanırken bir hata oluştu. Lütfen tekrar deneyin.',
    notFound: 'Seçtiğiniz fotoğraf ve videolar bu albümde bulunamadı; silinmiş olabilirler.',
    albumTab: 'Albüm',
    includePending: 'Onay bekleyen {n} öğeyi de indir',
    downloadChoice:
      'Albümde onayınızı bekleyen {n} öğe var. Varsayılan olarak yalnızca onaylanmış fotoğraf ve videolar indirilir.',
    /** The same dialog when nothing is approved yet: the waiting items are all there is to download. */
    downloadOnlyPending:
      'Albümde henüz onaylanmış öğe yok; onayınızı bekleyen {n} öğenin tamamı indirilecek.',
  },
  upload: {
    ...guestUpload,
    noFiles: 'Yüklenecek dosya bulunamadı',
    uploaderRequired: 'Yükleyen kişi bilgisi gerekli',
    notMultipart: 'Dosyalar form verisi (multipart/form-data) olarak gönderilmelidir.',
    imageTooLarge: 'Görsel çok büyük; en fazla 100 megapiksel olabilir.',
    imageUnreadable: 'Görsel okunamadı; dosya bozuk olabilir.',
    interrupted: 'Yükleme yarıda kaldı; bağlantı kesilmiş olabilir. Lütfen tekrar deneyin.',
    diskFull: 'Sunucuda şu anda yer kalmadı. Lütfen biraz sonra tekrar deneyin.',
    tooManyParallel:
      'Bu bağlantıdan aynı anda çok fazla yükleme yapılıyor. Lütfen süren yüklemelerin bitmesini bekleyin.',
    tooSlow: 'Yükleme çok yavaş ilerlediği için durduruldu. Lütfen daha iyi bir bağlantıyla tekrar deneyin.',
    videoTooLarge: 'Video çok büyük: en fazla {width}×{height} çözünürlük ve {minutes} dakika olabilir.',
    videoUnreadable: 'Video okunamadı; dosya bozuk ya da desteklenmeyen bir biçimde olabilir.',
  },
  submissions: {
    ...guestSubmissions,
    notFound: 'Yükleme bulunamadı. Lütfen dosyalarınızı yeniden seçin.',
    expired: 'Bu yüklemenin süresi doldu. Lütfen dosyalarınızı yeniden seçin.',
    fileNotDeclared:
      'Bu dosya yükleme listenizde yok ya da boyutu değişmiş. Lütfen dosyalarınızı yeniden seçin.',
    tooManyFiles: 'Bu yükleme için bildirdiğinizden fazla dosya gönderildi.',
    fileSizeExceeded: 'Dosya bildirilen boyutundan büyük; fazlası kabul edilmedi.',
    chunkTooLarge: 'Yükleme parçası en fazla 8 MB olabilir.',
    lengthRequired: 'Yükleme parçasının boyutu (Content-Length) bildirilmelidir.',
    offsetConflict: 'Yükleme kaldığı yerden sürmeli; sunucudaki konum farklı.',
    fileDone: 'Bu dosyanın yüklemesi zaten tamamlandı.',
    // What the tus protocol itself refuses (a page never sends these on purpose).
    protocolInvalid: 'Yükleme isteği eksik ya da hatalı. Lütfen sayfayı yenileyip tekrar deneyin.',
    sendingElsewhere:
      'Bu dosya şu anda başka bir sekmeden ya da pencereden gönderiliyor. Lütfen biraz sonra tekrar deneyin.',
    cannotCancelDone: 'Bu dosyanın yüklemesi tamamlandı; artık iptal edilemez.',
    writeFailed: 'Dosya sunucuya kaydedilemedi. Lütfen tekrar deneyin.',
    unsupportedMethod: 'Bu yükleme yöntemi desteklenmiyor. Lütfen sayfayı yenileyip tekrar deneyin.',
  },
  myUploads: {
    ...guestMyUploads,
    deleted: 'Yüklemeniz silindi.',
    handedOver:
      'Yüklemeniz listenizden kaldırıldı. Aynı dosyayı başka bir misafir de yüklediği için albümde onun adıyla kalıyor.',
    notFound: 'Bu yükleme bulunamadı. Yalnızca bu telefondan yüklediklerinizi silebilirsiniz.',
  },
  wall: {
    linkInvalid:
      'Duvar bağlantısı geçersiz ya da süresi dolmuş. Lütfen etkinlik sahibinden yeni bir bağlantı isteyin.',
    linkRenewed: 'Bu duvar bağlantısı çift tarafından yenilendi. Güncel bağlantıyı çiftten isteyin.',
    renewedTitle: 'Duvar bağlantısı yenilendi',
    renew: 'Bağlantıyı Yenile',
    renewHint: 'Eski bağlantı çalışmayı durdurur; duvarı yeni bağlantıyla yeniden açmanız gerekir.',
    renewConfirmTitle: 'Duvar bağlantısı yenilensin mi?',
    renewConfirm: 'Yenile',
    renewing: 'Yenileniyor…',
    renewed: 'Yeni bağlantı hazır; eski bağlantı artık çalışmıyor.',
    renewFailed: 'Bağlantı yenilenemedi. Lütfen tekrar deneyin.',
    tooManyStreams:
      'Bu etkinliğin canlı yayınına şu anda çok fazla ekran bağlı. Lütfen biraz sonra tekrar deneyin.',
    action: 'Canlı Duvar',
    dialogText:
      'Mekândaki ekranda misafirlerinizin paylaştığı fotoğraflar slayt gösterisi olarak akar; yeni gelenler birkaç saniye içinde görünür.',
    open: 'Duvarı Aç',
    createLink: 'Duvar bağlantısı oluştur',
    linkTitle: 'Duvar Bağlantısı',
    linkHint:
      'Bu bağlantıyı mekândaki bilgisayarda açın; giriş yapmadan duvarı gösterir. Bağlantıyı yalnızca güvendiğiniz kişilerle paylaşın.',
    linkExpires: '{tarih} tarihine kadar geçerli.',
    linkFailed: 'Duvar bağlantısı oluşturulamadı. Lütfen tekrar deneyin.',
    copy: 'Kopyala',
    copied: 'Bağlantı kopyalandı.',
    copyFailed: 'Kopyalanamadı; bağlantıyı seçip elle kopyalayın.',
    shareCta: 'Siz de paylaşın',
    shareHint: 'QR kodu okutun, fotoğraflarınızı yükleyin',
    loading: 'Duvar hazırlanıyor…',
    emptyTitle: 'İlk fotoğrafı siz paylaşın!',
    emptyText: 'Telefonunuzun kamerasıyla QR kodu okutun; yüklediğiniz fotoğraflar burada belirecek.',
    // With approval on ("Ben onaylarım") guests may have shared already; what they send waits for the couple.
    emptyApprovalTitle: 'Fotoğraflarınızı paylaşın!',
    emptyApprovalText:
      'Telefonunuzun kamerasıyla QR kodu okutun; yüklediğiniz fotoğraflar çift onayladıktan sonra burada belirecek.',
    invalidTitle: 'Duvar bağlantısı geçersiz',
    invalidText:
      'Bu bağlantının süresi dolmuş ya da bağlantı eksik veya hatalı. Etkinlik sahibinden yeni bir duvar bağlantısı isteyin.',
    // A link whose signature holds, for an event that was deleted: no new link can help.
    eventGone: 'Bu etkinlik artık yok; silindiği için duvarı gösterilemiyor.',
    goneTitle: 'Bu etkinlik artık yok',
    goneText: 'Etkinlik silindiği için bu duvarda artık fotoğraf gösterilmeyecek. Ekranı kapatabilirsiniz.',
    failedTitle: 'Duvar açılamadı',
    failedText: 'Sunucuya ulaşılamıyor. Birkaç saniye içinde yeniden denenecek.',
    retry: 'Şimdi Dene',
    live: 'Canlı',
    reconnecting: 'Yeniden bağlanıyor…',
    offline: 'Bağlantı yok; yeniden deneniyor',
    paused: 'Duraklatıldı',
    hint: 'Boşluk: durdur/sürdür · ← →: önceki/sonraki · F: tam ekran',
    slideLabel: '{isim} paylaştı',
  },
  weddings: {
    usernameRequired: 'Kullanıcı adı boş olamaz',
    // The events page's rule ("Etkinlik tarihi…") in the wedding form's words.
    dateInPast: 'Düğün tarihi bugünden önce olamaz',
    venueRequired: 'Mekan adı boş olamaz',
    brideRequired: 'Gelin adı boş olamaz',
    groomRequired: 'Damat adı boş olamaz',
    dateRequired: 'Düğün tarihi boş olamaz',
    timeRequired: 'Düğün saati boş olamaz',
    capacityPositive: "Kapasite 0'dan büyük olmalıdır",
    capacityInvalid: 'Kapasite bir tam sayı olmalıdır',
    dateInvalid: 'Geçersiz tarih formatı. YYYY-MM-DD formatında olmalıdır',
    timeInvalid: 'Geçersiz saat formatı. HH:MM formatında olmalıdır',
    createRequired:
      'Etkinlik adı, düğün tarihi, düğün saati, mekan adı, mekan konumu, gelin adı, damat adı, gelin kızlık soyadı ve damat soyadı zorunludur.',
    missingInfoTitle: 'Eksik Bilgi',
    fieldTooLong: 'Girilen bilgi en fazla 200 karakter olabilir',
    createFailed: 'Etkinlik veya düğün oluşturulurken bir hata oluştu.',
    created: 'Etkinlik başarıyla oluşturuldu.',
    usernameNotFound: 'Kullanıcı adı bulunamadı',
    infoFailed: 'Düğün bilgileri alınamadı',
    loadFailed: 'Düğün bilgileri yüklenemedi',
    notFound: 'Düğün bulunamadı.',
    eventNotFound: 'Etkinlik bulunamadı.',
    eventHasWedding: 'Bu etkinliğin düğün bilgileri zaten kayıtlı.',
    weddingIdMissing: "Düğün ID'si bulunamadı...",
    fileMissing: 'Dosya seçilmedi',
    imageOnlyPage: 'Lütfen sadece görsel dosyası seçin.',
    imageOnly: 'Sadece görsel dosyaları yüklenebilir',
    imageTooLarge: "Dosya boyutu 5MB'dan küçük olmalıdır.",
    imageUnreadable: 'Görsel okunamadı; dosya bozuk olabilir.',
    imageFormats: 'Bu görsel kullanılamıyor; davetiye görseli JPEG, PNG, WebP, GIF veya AVIF olmalıdır.',
    imageTooManyPixels: 'Görsel çok büyük; en fazla 100 megapiksel olabilir.',
    imageUploadFailed: 'Görsel yüklenirken bir hata oluştu',
    imageUploaded: 'Davetiye görseli başarıyla yüklendi.',
    imageAttached: 'Davetiye Görseli Ekli',
  },
  guests: {
    nameRequired: 'Misafir adı boş olamaz',
    nameTooLong: 'Misafir adı en fazla 100 karakter olabilir',
    phoneRequired: 'Telefon numarası boş olamaz',
    phoneInvalid: 'Geçersiz telefon numarası formatı',
    expectedCountPositive: "Beklenen kişi sayısı 0'dan büyük olmalıdır",
    expectedCountMax: 'Beklenen kişi sayısı en fazla 10 olabilir',
    expectedCountWhole: 'Beklenen kişi sayısı tam sayı olmalıdır',
    /** The person-count field's visible label on a phone, where the list's column headers are hidden. */
    entryCountLabel: 'Kişi',
    /** While the invitation counts are asked again (right after the approval queued the invitations). */
    invitationCountsLoading: 'Davetiye durumları yükleniyor...',
    guestCountInvalid: 'Kişi sayısı negatif olmayan bir tam sayı olmalıdır',
    guestCountMax: 'Kişi sayısı en fazla 100 olabilir',
    /** The editor's refusal of "Katılacak" with no one coming (blank or 0). */
    attendingCountMin: 'Katılacak bir davetli için kişi sayısı en az 1 olmalıdır',
    statusInvalid: 'Geçersiz durum...',
    indexInvalid: 'Geçersiz misafir sıra numarası',
    weddingIdMissing: "Düğün ID'si bulunamadı...",
    approvalInvalid: 'Onay bilgisi true veya false olmalıdır',
    duplicatePhone: 'Bu telefon numarasıyla kayıtlı bir davetli zaten var.',
    addLocked: 'Davetli listesi onaylandı; artık yeni davetli eklenemez.',
    approvalIrreversible: 'Onaylanmış davetli listesinin onayı geri alınamaz.',
    listFull:
      'Bir davetli listesine en fazla {n} davetli eklenebilir. Aynı haneden gelenleri tek satırda, kişi sayısıyla yazabilirsiniz.',
    invitationLimitReached:
      'Günlük WhatsApp davetiye sınırına ulaşıldı: bir hesaptan 24 saatte en fazla {n} davetiye gönderilebilir. Davetli listeniz onaylanmadı ve olduğu gibi duruyor. Lütfen {saat} saat sonra tekrar onaylayın.',
    notFound: 'Misafir bulunamadı.',
    updateNotFound: 'Güncellenecek misafir bulunamadı',
    listFailed: 'Misafir listesi alınamadı',
    statsFailed: 'İstatistikler alınamadı',
    updateFailed: 'Misafir güncellenemedi',
    addFailed: 'Misafir eklenirken bir hata oluştu. Lütfen tekrar deneyin.',
    deleteFailed: 'Davetli silinirken bir hata oluştu. Lütfen tekrar deneyin.',
    /** A row's delete button on the list page (screen readers hear whom it deletes). */
    deleteRowLabel: '{isim} sil',
    deleteConfirmTitle: 'Davetliyi Sil',
    deleteConfirm:
      '{isim} ({telefon}) adlı davetlinin kaydı ve WhatsApp yazışması kalıcı olarak silinecek. Bu işlem geri alınamaz.',
    deleteConfirmAction: 'Sil',
    approveFailed: 'Misafir listesi onaylanırken bir hata oluştu.',
    added: 'Misafir eklendi.',
    deleted: 'Davetli silindi.',
    updated: 'Misafir güncellendi.',
    approved: 'Misafir listesi onaylandı! {n} davetli ve toplam {m} kişi kaydedildi.',
    notApproved: 'Davetli listesi henüz onaylanmadı.',
    csvFileName: 'davetli-listesi.csv',
    csvHeader: [
      'Sıra No',
      'Ad Soyad',
      'Telefon',
      'Durum',
      'Kişi Sayısı',
      'Beklenen Kişi Sayısı',
      'Davetiye Durumu',
    ],
    statusLabels: {
      belirsiz: 'Belirsiz',
      katılacak: 'Katılacak',
      katılamayacak: 'Katılamayacak',
      ulaşılamayan: 'Ulaşılamayan',
    },
    invitationLabels: {
      none: '',
      queued: 'Gönderilmeyi bekliyor',
      sent: 'Gönderildi',
      delivered: 'İletildi',
      read: 'Okundu',
      failed: 'İletilemedi',
    },
  },
  cover: {
    title: 'Kapak Görseli',
    hint: 'Misafirlerin yükleme sayfasında ve albümünüzün başında görünür.',
    stockLabel: 'Hazır kapaklar',
    stockOption: 'Hazır kapak {n}',
    custom: 'Kendi kapağınız',
    fromAlbum: 'Albümden seç',
    upload: 'Görsel yükle',
    uploadHint: 'JPEG, PNG, WebP, AVIF, GIF veya HEIC; en fazla 15 MB.',
    albumPickerTitle: 'Albümden kapak seçin',
    albumPickerEmpty: 'Albümde henüz kapak olabilecek bir fotoğraf yok.',
    albumPickerFailed: 'Albüm fotoğrafları yüklenemedi.',
    albumPickerMore: 'Daha fazla göster',
    albumPhoto: '{isim} tarafından yüklenen fotoğraf',
    saving: 'Kapak hazırlanıyor…',
    selected: 'Seçili kapak',
    updated: 'Kapak görseli güncellendi.',
    failed: 'Kapak görseli kaydedilemedi. Lütfen tekrar deneyin.',
    choiceRequired: 'Hazır bir kapak ya da albümden bir fotoğraf seçin.',
    photoNotFound: 'Seçilen fotoğraf bu albümde bulunamadı.',
    photoNotImage: 'Videolar kapak olamaz; lütfen bir fotoğraf seçin.',
    photoPending: 'Onay bekleyen bir fotoğraf kapak olamaz; önce fotoğrafı onaylayın.',
    fileMissing: 'Lütfen kapak için bir görsel seçin.',
    imageOnly: 'Kapak için yalnızca görsel dosyaları (JPEG, PNG, WebP, AVIF, GIF, HEIC) yüklenebilir.',
    tooLarge: 'Kapak görseli en fazla 15 MB olabilir.',
    tooManyPixels: 'Görsel çok büyük; en fazla 100 megapiksel olabilir.',
    unreadable: 'Görsel okunamadı; dosya bozuk olabilir.',
    archived: 'Arşivlenmiş bir albümün kapağı olarak fotoğraf kullanılamaz; hazır bir kapak seçebilirsiniz.',
    busy: 'Şu anda çok sayıda kapak hazırlanıyor. Lütfen biraz sonra tekrar deneyin.',
    notFound: 'Kapak görseli bulunamadı.',
  },
  whatsapp: {
    conversationFailed: 'Konuşma geçmişi alınamadı',
    phoneRequired: 'Telefon numarası boş olamaz',
    phoneInvalid: 'Geçersiz telefon numarası formatı',
    signatureInvalid: 'Geçersiz imza.',
    verifyFailed: 'Doğrulama başarısız.',
    notConnected: 'WhatsApp bağlantısı kurulmadı; davetiyeler gönderilmeyi bekliyor.',
    /** The same news while no invitation waits (before the approval, or none queued). */
    notConnectedNothingQueued:
      'WhatsApp bağlantısı kurulmadı; bağlantı kurulana kadar davetiye gönderilemez.',
    /** The invitation counts could not be read (the status call failed). */
    statusUnavailable: 'Gönderim durumu şu anda alınamıyor.',
    /** The conversation dialog: its message list's name, and who wrote each message (read, not shown). */
    chatLogLabel: 'Mesajlar',
    chatFromHost: 'Siz:',
    chatFromGuest: 'Davetli:',
    /** How a reply that is not text shows in the conversation, by the Cloud API's message type. */
    inboundKinds: {
      image: 'Fotoğraf',
      video: 'Video',
      audio: 'Ses kaydı',
      document: 'Belge',
      sticker: 'Çıkartma',
      location: 'Konum',
      contacts: 'Kişi kartı',
      reaction: 'Tepki',
    },
    inboundOther: 'Mesaj',
    buttonYes: 'Katılacağım',
    buttonNo: 'Katılamayacağım',
    buttonMaybe: 'Henüz bilmiyorum',
    invitationBody:
      'Sevgili {name}, {couple} düğünümüze sizi de bekliyoruz. Tarih: {date} {time}, Yer: {venue}. Lütfen katılım durumunuzu aşağıdaki düğmelerle bildirin.',
  },
} as const;

/** The 429 text with how long to wait, rounded up: "30 saniye", "12 dakika", "1 saat". */
export function rateLimitedFor(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${Math.max(1, Math.ceil(seconds))} saniye`
      : minutes < 60
        ? `${minutes} dakika`
        : `${Math.ceil(seconds / 3600)} saat`;
  return messages.generic.rateLimitedFor.replace('{süre}', wait);
}
