import { Link } from 'react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import { contact } from '../../config/contact';
import { paths } from '../../config/paths';
import { PrivacyPolicyDialog, TermsOfUseDialog } from '../../features/legal';
import { useHydrated } from '../../lib/use-hydrated';

export function SiteFooter() {
  // The year is the visitor's, not the build's: it appears once the prerendered page has hydrated.
  const year = useHydrated() ? new Date().getFullYear() : null;
  return (
    <footer className="bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <div className="flex items-center gap-2">
            <img
              src="/logo.png"
              alt=""
              width={36}
              height={36}
              className="h-9 w-9 rounded-full bg-white/90 p-0.5"
            />
            <p className="font-display text-xl font-semibold text-white">Anı Kutusu</p>
          </div>
          <p className="text-sm leading-relaxed">
            Düğününüzde misafirlerinizin çektiği her fotoğraf ve videoyu, QR kodlu masa kartlarıyla tek bir
            dijital albümde topluyoruz. Uygulama yok, üyelik yok; sadece anılar.
          </p>
        </div>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-white uppercase">
            Bağlantılar
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to={paths.home} className="hover:text-white hover:underline">
                Ana Sayfa
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className="hover:text-white hover:underline">
                İletişim
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-white uppercase">
            İletişim
          </h2>
          <ul className="space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="h-4 w-4 shrink-0 text-gold-400" />
              <a href={`mailto:${contact.email}`} className="hover:text-white hover:underline">
                {contact.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden className="h-4 w-4 shrink-0 text-gold-400" />
              <a href={contact.phoneHref} className="hover:text-white hover:underline">
                {contact.phoneDisplay}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
              <span>{contact.address}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row sm:px-6">
          {/* The year needs the app: on screen, it starts the landing page's app (start-on-demand.ts). */}
          <p data-needs-app>© {year} Anı Kutusu. Tüm hakları saklıdır.</p>
          <div className="flex gap-5">
            <PrivacyPolicyDialog />
            <TermsOfUseDialog />
          </div>
        </div>
      </div>
    </footer>
  );
}
