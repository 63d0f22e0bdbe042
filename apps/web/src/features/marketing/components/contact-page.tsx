import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { contact, whatsappAlbumUrl } from '../../../config/contact';

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <span className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        {icon}
      </span>
      <h2 className="mb-1 font-sans text-lg font-semibold text-stone-900">{title}</h2>
      <div className="text-sm break-words text-stone-600">{children}</div>
    </li>
  );
}

/** Contact cards only, no form. Details come from the one constants file. */
export function ContactPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-4xl font-semibold text-stone-900 sm:text-5xl">Bizimle İletişime Geçin</h1>
        <p className="mt-3 text-stone-600">
          Düğününüz için sorularınızı yanıtlamaktan ve size özel teklif hazırlamaktan mutluluk duyarız.
        </p>
      </div>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <Card icon={<Mail aria-hidden className="h-6 w-6" />} title="E-posta">
          <a href={`mailto:${contact.email}`} className="font-medium text-brand-700 hover:underline">
            {contact.email}
          </a>
        </Card>
        <Card icon={<Phone aria-hidden className="h-6 w-6" />} title="Telefon">
          <a href={contact.phoneHref} className="font-medium text-brand-700 hover:underline">
            {contact.phoneDisplay}
          </a>
        </Card>
        <Card icon={<MessageCircle aria-hidden className="h-6 w-6" />} title="WhatsApp">
          <a
            href={whatsappAlbumUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 hover:underline"
          >
            {contact.whatsappDisplay}
          </a>
        </Card>
        <Card icon={<MapPin aria-hidden className="h-6 w-6" />} title="Adres">
          <address className="not-italic">{contact.address}</address>
        </Card>
      </ul>
      <p className="mt-8 flex items-center justify-center gap-2 text-sm text-stone-600">
        <Clock aria-hidden className="h-4 w-4 text-brand-600" /> Çalışma saatlerimiz: {contact.hours}
      </p>
    </section>
  );
}
