import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml as escape, mailHtml } from '../../mail/mail-layout.ts';

const layout = (title: string, paragraphs: string[], link: string, button: string) =>
  mailHtml(title, paragraphs, [{ href: link, label: button }]);

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

export function accountDeletionConfirmMail(to: string, name: string, link: string): MailMessage {
  const intro = `Merhaba ${name},`;
  const body =
    'Anı Kutusu hesabınızı silmek istediğinizi bildirdiniz. Onaylamak için aşağıdaki bağlantıya tıklayın; bağlantı 24 saat geçerlidir. Onayladığınızda tüm oturumlarınız kapanır ve hesabınız 7 gün sonra, etkinlikleriniz, albümleriniz, davetli listeleriniz ve WhatsApp yazışmalarınızla birlikte kalıcı olarak silinir. Bu 7 gün içinde giriş yapıp talebinizi iptal edebilirsiniz.';
  return {
    to,
    link,
    subject: 'Hesap silme talebinizi onaylayın',
    text: `${intro}\n\n${body}\n\n${link}\n\nBu talebi siz yapmadıysanız bağlantıya tıklamayın ve şifrenizi değiştirin; hesabınız silinmez.\n\nAnı Kutusu`,
    html: layout('Hesap silme onayı', [escape(intro), body], link, 'Hesabımı Silmeyi Onayla'),
  };
}

export function accountDeletionScheduledMail(to: string, name: string, date: string, profileLink: string): MailMessage {
  const intro = `Merhaba ${name},`;
  const body = `Hesap silme talebiniz onaylandı. Hesabınız ve ona ait tüm veriler ${date} tarihinde kalıcı olarak silinecek. Vazgeçerseniz o tarihe kadar giriş yapıp Profil sayfasındaki "Silme Talebini İptal Et" düğmesini kullanabilirsiniz.`;
  return {
    to,
    link: profileLink,
    subject: `Hesabınız ${date} tarihinde silinecek`,
    text: `${intro}\n\n${body}\n\n${profileLink}\n\nAnı Kutusu`,
    html: layout('Hesabınız silinmek üzere planlandı', [escape(intro), escape(body)], profileLink, 'Profilime Git'),
  };
}

export function accountDeletedMail(to: string, name: string): MailMessage {
  const intro = `Merhaba ${name},`;
  const body =
    'Talebiniz üzerine Anı Kutusu hesabınız ve ona ait tüm veriler (etkinlikler, albümlerdeki fotoğraf ve videolar, davetli listeleri, WhatsApp yazışmaları) kalıcı olarak silindi. Bizi tercih ettiğiniz için teşekkür ederiz.';
  return {
    to,
    subject: 'Anı Kutusu hesabınız silindi',
    text: `${intro}\n\n${body}\n\nAnı Kutusu`,
    html: mailHtml('Hesabınız silindi', [escape(intro), body], []),
  };
}
