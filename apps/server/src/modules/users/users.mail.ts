import type { Logger } from '../../http/logger.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { mailHtml } from '../../mail/mail-layout.ts';

/**
 * Sends a mail that a request caused without failing that request: the failure is logged and the user
 * can ask again.
 */
export const bestEffortSender = (mailer: Mailer, logger: Logger) => async (message: MailMessage) => {
  try {
    await mailer.send(message);
  } catch (error) {
    logger.error({ err: error, to: message.to, subject: message.subject }, 'e-mail could not be sent');
  }
};

const layout = (title: string, paragraphs: string[], link: string, button: string) =>
  mailHtml(title, paragraphs, [{ href: link, label: button }]);

// No text a person typed (a username, say) goes into these mails: they reach addresses nobody has
// verified yet, and a stranger could otherwise send our branded mail with words of their choosing.
const greeting = 'Merhaba,';

export function activationMail(to: string, link: string): MailMessage {
  const body =
    'Anı Kutusu hesabınızı etkinleştirmek için aşağıdaki bağlantıya tıklayın. Bağlantı 24 saat geçerlidir.';
  return {
    to,
    link,
    subject: 'Anı Kutusu hesabınızı etkinleştirin',
    text: `${greeting}\n\n${body}\n\n${link}\n\nBu kaydı siz yapmadıysanız bu e-postayı yok sayabilirsiniz.\n\nAnı Kutusu`,
    html: layout('Hesabınızı etkinleştirin', [greeting, body], link, 'Hesabımı Etkinleştir'),
  };
}

/** Sent instead of a second account when someone registers with an address that already has one. */
export function accountExistsMail(to: string, link: string): MailMessage {
  const body =
    'Bu e-posta adresiyle Anı Kutusu\'na yeniden kayıt olunmak istendi. Bu adresle kayıtlı bir hesabınız zaten var: giriş yapabilir, şifrenizi hatırlamıyorsanız giriş penceresindeki "Şifremi Unuttum" ile yenisini belirleyebilirsiniz.';
  return {
    to,
    link,
    subject: 'Anı Kutusu hesabınız zaten var',
    text: `${greeting}\n\n${body}\n\n${link}\n\nBu isteği siz yapmadıysanız hesabınız güvende; bu e-postayı yok sayabilirsiniz.\n\nAnı Kutusu`,
    html: layout('Hesabınız zaten var', [greeting, body], link, "Anı Kutusu'na Git"),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  const body =
    'Şifrenizi sıfırlamak için aşağıdaki bağlantıya tıklayın. Bağlantı 1 saat geçerlidir ve bir kez kullanılabilir.';
  return {
    to,
    link,
    subject: 'Anı Kutusu şifre sıfırlama',
    text: `${greeting}\n\n${body}\n\n${link}\n\nBu isteği siz yapmadıysanız şifreniz değişmez; bu e-postayı yok sayabilirsiniz.\n\nAnı Kutusu`,
    html: layout('Şifre sıfırlama', [greeting, body], link, 'Yeni Şifre Belirle'),
  };
}

export function emailChangeMail(to: string, link: string): MailMessage {
  const body =
    'Anı Kutusu hesabınızın e-posta adresini bu adresle değiştirmek için aşağıdaki bağlantıya tıklayın. Bağlantı 24 saat geçerlidir.';
  return {
    to,
    link,
    subject: 'Yeni e-posta adresinizi doğrulayın',
    text: `${greeting}\n\n${body}\n\n${link}\n\nAnı Kutusu`,
    html: layout('E-posta adresinizi doğrulayın', [greeting, body], link, 'Adresimi Doğrula'),
  };
}

/** To the old address: a change can be cancelled from here for 7 days, even after it was confirmed. */
export function emailChangeNoticeMail(to: string, link: string): MailMessage {
  const body =
    'Anı Kutusu hesabınızın e-posta adresini değiştirme isteği aldık. Bu isteği siz yaptıysanız bir şey yapmanız gerekmez. Siz yapmadıysanız aşağıdaki bağlantıyla değişikliği 7 gün içinde iptal edin: adresiniz geri alınır ve hesabınızdaki bütün oturumlar kapatılır. Ardından şifrenizi değiştirmenizi öneririz.';
  return {
    to,
    link,
    subject: 'E-posta adresinizi değiştirme isteği',
    text: `${greeting}\n\n${body}\n\n${link}\n\nAnı Kutusu`,
    html: layout('E-posta değişikliği isteği', [greeting, body], link, 'Değişikliği İptal Et'),
  };
}

export function accountDeletionConfirmMail(to: string, link: string): MailMessage {
  const body =
    'Anı Kutusu hesabınızı silmek istediğinizi bildirdiniz. Onaylamak için aşağıdaki bağlantıya tıklayın; bağlantı 24 saat geçerlidir. Onayladığınızda tüm oturumlarınız kapanır ve hesabınız 7 gün sonra, etkinlikleriniz, albümleriniz, davetli listeleriniz ve WhatsApp yazışmalarınızla birlikte kalıcı olarak silinir. Bu 7 gün içinde giriş yapıp talebinizi iptal edebilirsiniz.';
  return {
    to,
    link,
    subject: 'Hesap silme talebinizi onaylayın',
    text: `${greeting}\n\n${body}\n\n${link}\n\nBu talebi siz yapmadıysanız bağlantıya tıklamayın ve şifrenizi değiştirin; hesabınız silinmez.\n\nAnı Kutusu`,
    html: layout('Hesap silme onayı', [greeting, body], link, 'Hesabımı Silmeyi Onayla'),
  };
}

export function accountDeletionScheduledMail(to: string, date: string, profileLink: string): MailMessage {
  const body = `Hesap silme talebiniz onaylandı. Hesabınız ve ona ait tüm veriler ${date} tarihinde kalıcı olarak silinecek. Vazgeçerseniz o tarihe kadar giriş yapıp Profil sayfasındaki "Silme Talebini İptal Et" düğmesini kullanabilirsiniz.`;
  return {
    to,
    link: profileLink,
    subject: `Hesabınız ${date} tarihinde silinecek`,
    text: `${greeting}\n\n${body}\n\n${profileLink}\n\nAnı Kutusu`,
    html: layout('Hesabınız silinmek üzere planlandı', [greeting, body], profileLink, 'Profilime Git'),
  };
}

export function accountDeletedMail(to: string): MailMessage {
  const body =
    'Talebiniz üzerine Anı Kutusu hesabınız ve ona ait tüm veriler (etkinlikler, albümlerdeki fotoğraf ve videolar, davetli listeleri, WhatsApp yazışmaları) kalıcı olarak silindi. Bizi tercih ettiğiniz için teşekkür ederiz.';
  return {
    to,
    subject: 'Anı Kutusu hesabınız silindi',
    text: `${greeting}\n\n${body}\n\nAnı Kutusu`,
    html: mailHtml('Hesabınız silindi', [greeting, body], []),
  };
}

export function dataExportReadyMail(to: string, link: string, expires: string): MailMessage {
  const body = `İstediğiniz kişisel veri arşiviniz hazır. Hesabınız, etkinlikleriniz, düğün bilgileriniz, davetli listeleriniz ve WhatsApp yazışmalarınız JSON ve CSV dosyaları olarak tek bir ZIP dosyasında. Albümlerinizin fotoğraf ve videoları ise arşivdeki bağlantılarla ayrıca indirilebilir. İndirme bağlantısı ${expires} tarihine kadar geçerlidir; sonra arşiv silinir.`;
  return {
    to,
    link,
    subject: 'Kişisel veri arşiviniz hazır',
    text: `${greeting}\n\n${body}\n\n${link}\n\nBu isteği siz yapmadıysanız şifrenizi değiştirmenizi öneririz.\n\nAnı Kutusu`,
    html: layout('Verileriniz indirilmeye hazır', [greeting, body], link, 'Verilerimi İndir'),
  };
}
