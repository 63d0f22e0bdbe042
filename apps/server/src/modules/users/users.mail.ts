import type { MailMessage } from '../../mail/mailer.ts';

// Turkish e-mails. Plain text first: many guests' and hosts' mail apps show only that.
const layout = (title: string, paragraphs: string[], link: string, button: string) => `<!doctype html>
<html lang="tr"><body style="font-family:Arial,sans-serif;color:#2b2024;background:#faf6f3;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;color:#9d4b5c">${title}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${p}</p>`).join('\n')}
<p style="margin:28px 0"><a href="${link}" style="background:#9d4b5c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${button}</a></p>
<p style="font-size:12px;color:#7a6a70">Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:<br>${link}</p>
<p style="font-size:12px;color:#7a6a70">Anı Kutusu</p>
</div></body></html>`;

// No text a person typed (a username, say) goes into these mails: they reach addresses nobody has
// verified yet, and a stranger could otherwise send our branded mail with words of their choosing.
const greeting = 'Merhaba,';

export function activationMail(to: string, link: string): MailMessage {
  const body = 'Anı Kutusu hesabınızı etkinleştirmek için aşağıdaki bağlantıya tıklayın. Bağlantı 24 saat geçerlidir.';
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
    html: layout('Hesabınız zaten var', [greeting, body], link, 'Anı Kutusu\'na Git'),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  const body = 'Şifrenizi sıfırlamak için aşağıdaki bağlantıya tıklayın. Bağlantı 1 saat geçerlidir ve bir kez kullanılabilir.';
  return {
    to,
    link,
    subject: 'Anı Kutusu şifre sıfırlama',
    text: `${greeting}\n\n${body}\n\n${link}\n\nBu isteği siz yapmadıysanız şifreniz değişmez; bu e-postayı yok sayabilirsiniz.\n\nAnı Kutusu`,
    html: layout('Şifre sıfırlama', [greeting, body], link, 'Yeni Şifre Belirle'),
  };
}

export function emailChangeMail(to: string, link: string): MailMessage {
  const body = 'Anı Kutusu hesabınızın e-posta adresini bu adresle değiştirmek için aşağıdaki bağlantıya tıklayın. Bağlantı 24 saat geçerlidir.';
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
