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

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function activationMail(to: string, name: string, link: string): MailMessage {
  const intro = `Merhaba ${name},`;
  const body = 'Anı Kutusu hesabınızı etkinleştirmek için aşağıdaki bağlantıya tıklayın. Bağlantı 24 saat geçerlidir.';
  return {
    to,
    link,
    subject: 'Anı Kutusu hesabınızı etkinleştirin',
    text: `${intro}\n\n${body}\n\n${link}\n\nBu kaydı siz yapmadıysanız bu e-postayı yok sayabilirsiniz.\n\nAnı Kutusu`,
    html: layout('Hesabınızı etkinleştirin', [escape(intro), body], link, 'Hesabımı Etkinleştir'),
  };
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const intro = `Merhaba ${name},`;
  const body = 'Şifrenizi sıfırlamak için aşağıdaki bağlantıya tıklayın. Bağlantı 1 saat geçerlidir ve bir kez kullanılabilir.';
  return {
    to,
    link,
    subject: 'Anı Kutusu şifre sıfırlama',
    text: `${intro}\n\n${body}\n\n${link}\n\nBu isteği siz yapmadıysanız şifreniz değişmez; bu e-postayı yok sayabilirsiniz.\n\nAnı Kutusu`,
    html: layout('Şifre sıfırlama', [escape(intro), body], link, 'Yeni Şifre Belirle'),
  };
}

export function emailChangeMail(to: string, name: string, link: string): MailMessage {
  const intro = `Merhaba ${name},`;
  const body = 'Anı Kutusu hesabınızın e-posta adresini bu adresle değiştirmek için aşağıdaki bağlantıya tıklayın. Bağlantı 24 saat geçerlidir.';
  return {
    to,
    link,
    subject: 'Yeni e-posta adresinizi doğrulayın',
    text: `${intro}\n\n${body}\n\n${link}\n\nAnı Kutusu`,
    html: layout('E-posta adresinizi doğrulayın', [escape(intro), body], link, 'Adresimi Doğrula'),
  };
}
