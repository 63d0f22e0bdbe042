// The provider's public contact details, used by the contact page, footer, hero button and legal texts.
export const contact = {
  brand: 'Anı Kutusu',
  legalName: 'Anı Kutusu Dijital Hizmetler',
  email: 'iletisim@anikutusu.com.tr',
  phoneDisplay: '+90 212 909 47 32',
  phoneHref: 'tel:+902129094732',
  /** WhatsApp business line (mobile), digits only as wa.me expects. */
  whatsappNumber: '905324471985',
  whatsappDisplay: '+90 532 447 19 85',
  address: 'Teşvikiye Mah. Valikonağı Cad. No: 34/5, 34365 Şişli / İstanbul',
  hours: 'Hafta içi 09:00–19:00, Cumartesi 10:00–16:00',
  website: 'anikutusu.com.tr',
} as const;

/** The hero's "Albümünü Oluştur": a WhatsApp chat with a prefilled question about the digital album. */
export const whatsappAlbumUrl = `https://wa.me/${contact.whatsappNumber}?text=${encodeURIComponent(
  'Merhaba, düğünümüz için Anı Kutusu dijital albüm ve QR kodlu masa kartı hizmetiniz hakkında bilgi almak istiyorum.',
)}`;
