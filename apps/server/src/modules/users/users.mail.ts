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
    // The domain tells an operator which provider refused; the whole address is personal data the
    // logs do not need (and would keep after the account is deleted).
    const toDomain = message.to.split('@').at(-1);
    logger.error({ err: error, toDomain, subject: message.subject }, 'e-mail could not be sent');
  }
};

// No text a person typed (a username, say) goes into these mails: they reach addresses nobody has
// verified yet, and a stranger could otherwise send our branded mail with words of their choosing.
const greeting = 'Merhaba,';

/**
 * The shape every account mail with a link shares, kept in one place so the text and HTML versions
 * of all of them change together: greeting, body, then the link on a line of its own (text) or as
 * the button (HTML). `note` follows the link in both (e.g. "if this wasn't you, ignore this mail").
 */
function linkMail(
  to: string,
  link: string,
  mail: { subject: string; title: string; body: string; button: string; note?: string },
): MailMessage {
  const note = mail.note ? `${mail.note}\n\n` : '';
  return {
    to,
    link,
    subject: mail.subject,
    text: `${greeting}\n\n${mail.body}\n\n${link}\n\n${note}Anı Kutusu`,
    html: mailHtml(mail.title, [greeting, mail.body], [{ href: link, label: mail.button }], mail.note),
  };
}

export function activationMail(to: string, link: string): MailMessage {
  const body =
    'Anı Kutusu hesabınızı etkinleştirmek için aşağıdaki bağlantıya tıklayın. Bağlantı 24 saat geçerlidir.';
  return linkMail(to, link, {
    subject: 'Anı Kutusu hesabınızı etkinleştirin',
    title: 'Hesabınızı etkinleştirin',
    body,
    button: 'Hesabımı Etkinleştir',
    note: 'Bu kaydı siz yapmadıysanız bu e-postayı yok sayabilirsiniz.',
  });
}

/** Sent instead of a second account when someone registers with an address that already has one. */
export function accountExistsMail(to: string, link: string): MailMessage {
  const body =
    'Bu e-posta adresiyle Anı Kutusu\'na yeniden kayıt olunmak istendi. Bu adresle kayıtlı bir hesabınız zaten var: giriş yapabilir, şifrenizi hatırlamıyorsanız giriş penceresindeki "Şifremi Unuttum" ile yenisini belirleyebilirsiniz.';
  return linkMail(to, link, {
    subject: 'Anı Kutusu hesabınız zaten var',
    title: 'Hesabınız zaten var',
    body,
    button: "Anı Kutusu'na Git",
    note: 'Bu isteği siz yapmadıysanız hesabınız güvende; bu e-postayı yok sayabilirsiniz.',
  });
}

export function passwordResetMail(to: string, link: string): MailMessage {
  const body =
    'Şifrenizi sıfırlamak için aşağıdaki bağlantıya tıklayın. Bağlantı 1 saat geçerlidir ve bir kez kullanılabilir.';
  return linkMail(to, link, {
    subject: 'Anı Kutusu şifre sıfırlama',
    title: 'Şifre sıfırlama',
    body,
    button: 'Yeni Şifre Belirle',
    note: 'Bu isteği siz yapmadıysanız şifreniz değişmez; bu e-postayı yok sayabilirsiniz.',
  });
}

export function emailChangeMail(to: string, link: string): MailMessage {
  const body =
    'Anı Kutusu hesabınızın e-posta adresini bu adresle değiştirmek için aşağıdaki bağlantıya tıklayın. Bağlantı 24 saat geçerlidir.';
  return linkMail(to, link, {
    subject: 'Yeni e-posta adresinizi doğrulayın',
    title: 'E-posta adresinizi doğrulayın',
    body,
    button: 'Adresimi Doğrula',
  });
}

/** To the old address: a change can be cancelled from here for 7 days, even after it was confirmed. */
export function emailChangeNoticeMail(to: string, link: string): MailMessage {
  const body =
    'Anı Kutusu hesabınızın e-posta adresini değiştirme isteği aldık. Bu isteği siz yaptıysanız bir şey yapmanız gerekmez. Siz yapmadıysanız aşağıdaki bağlantıyla değişikliği 7 gün içinde iptal edin: adresiniz geri alınır ve hesabınızdaki bütün oturumlar kapatılır. Ardından şifrenizi değiştirmenizi öneririz.';
  return linkMail(to, link, {
    subject: 'E-posta adresinizi değiştirme isteği',
    title: 'E-posta değişikliği isteği',
    body,
    button: 'Değişikliği İptal Et',
  });
}

export function accountDeletionConfirmMail(to: string, link: string): MailMessage {
  const body =
    'Anı Kutusu hesabınızı silmek istediğinizi bildirdiniz. Onaylamak için aşağıdaki bağlantıya tıklayın; bağlantı 24 saat geçerlidir. Onayladığınızda tüm oturumlarınız kapanır ve hesabınız 7 gün sonra, etkinlikleriniz, albümleriniz, davetli listeleriniz ve WhatsApp yazışmalarınızla birlikte kalıcı olarak silinir. Bu 7 gün içinde giriş yapıp talebinizi iptal edebilirsiniz.';
  return linkMail(to, link, {
    subject: 'Hesap silme talebinizi onaylayın',
    title: 'Hesap silme onayı',
    body,
    button: 'Hesabımı Silmeyi Onayla',
    note: 'Bu talebi siz yapmadıysanız bağlantıya tıklamayın ve şifrenizi değiştirin; hesabınız silinmez.',
  });
}

export function accountDeletionScheduledMail(to: string, date: string, profileLink: string): MailMessage {
  const body = `Hesap silme talebiniz onaylandı. Hesabınız ve ona ait tüm veriler ${date} tarihinde kalıcı olarak silinecek. Vazgeçerseniz o tarihe kadar giriş yapıp Profil sayfasındaki "Silme Talebini İptal Et" düğmesini kullanabilirsiniz.`;
  return linkMail(to, profileLink, {
    subject: `Hesabınız ${date} tarihinde silinecek`,
    title: 'Hesabınız silinmek üzere planlandı',
    body,
    button: 'Profilime Git',
  });
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
  return linkMail(to, link, {
    subject: 'Kişisel veri arşiviniz hazır',
    title: 'Verileriniz indirilmeye hazır',
    body,
    button: 'Verilerimi İndir',
    note: 'Bu isteği siz yapmadıysanız şifrenizi değiştirmenizi öneririz.',
  });
}
