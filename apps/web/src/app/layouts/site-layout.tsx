import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { AccountLinkNotice } from '../../features/auth';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';

export function SiteLayout() {
  return (
    // Bars that stick while the page scrolls stop under the site header (h-16).
    <div className="flex min-h-dvh flex-col [--sticky-offset:4rem]">
      <SkipLink />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <AccountLinkNotice />
    </div>
  );
}
