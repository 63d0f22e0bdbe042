// Turkish texts a person reads, shared by server and web. Spec texts are letter for letter.
export const messages = {
  generic: {
    error: 'Bir hata oluştu',
    unexpected: 'Beklenmeyen bir hata oluştu',
    notFoundRoute: 'İstenen adres bulunamadı.',
    invalidInput: 'Gönderilen bilgiler geçersiz.',
    rateLimited: 'Çok fazla deneme yaptınız. Lütfen biraz bekleyip tekrar deneyin.',
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
    usernameRequired: 'Ad ve soyad zorunludur.',
    usernameTooLong: 'Ad ve soyad en fazla 100 karakter olabilir.',
    emailInvalid: 'Geçerli bir e-posta adresi girin.',
    phoneInvalid: 'Geçerli bir cep telefonu numarası girin (ör. 0532 123 45 67).',
    emailTaken: 'Bu e-posta adresiyle kayıtlı bir hesap zaten var.',
    usernameTaken: 'Bu ad ve soyadla kayıtlı bir hesap zaten var.',
    loginIdentifierRequired: 'E-posta adresinizi veya kullanıcı adınızı girin.',
    passwordRequired: 'Şifrenizi girin.',
    registerFailed: 'Kayıt sırasında bir hata oluştu. Lütfen tekrar deneyin.',
    registered:
      'Kaydınız alındı. Hesabınızı etkinleştirmek için e-posta adresinize gönderdiğimiz bağlantıya tıklayın.',
    activationResent:
      'Hesabınız henüz etkinleştirilmediyse, bu adrese yeni bir etkinleştirme bağlantısı gönderdik.',
    resetRequested:
      'Bu e-posta adresiyle kayıtlı bir hesap varsa, şifre sıfırlama bağlantısını gönderdik.',
    resetDone: 'Şifreniz güncellendi. Yeni şifrenizle giriş yapabilirsiniz.',
    tokenInvalid: 'Bağlantı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
    loggedOut: 'Çıkış yapıldı.',
    profileUpdated: 'Profil bilgileriniz güncellendi.',
    emailChangePending:
      'Yeni e-posta adresinize bir doğrulama bağlantısı gönderdik. Bağlantıya tıkladığınızda adresiniz değişecek.',
    nothingToUpdate: 'Güncellenecek bir bilgi gönderilmedi.',
  },
} as const;
