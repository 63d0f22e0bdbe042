import { Outlet } from 'react-router';
import { AccountLinkNotice } from '../../features/auth';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';

export function SiteLayout() {
  return (
    // Bars that stick while the page scrolls stop under the site header (h-16).
    <div className="flex min-h-dvh flex-col [--sticky-offset:4rem]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        İçeriğe geç
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <AccountLinkNotice />
    </div>
  );
}
