import { useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Moon, Sun } from 'lucide-react';
import { storageKeys } from '@ani/contract/limits';
import { eventsQuery } from '../../../lib/queries';
import { useMediaQuery } from '../../../lib/use-media-query';
import { hasSeenIntro, markIntroSeen, prefersReducedMotion } from '../intro-flag';
import { IntroAnimation } from './intro-animation';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';
import { SkipLink } from '../../../components/ui/skip-link';

function readTheme(): 'dark' | 'light' {
  try {
    return window.localStorage.getItem(storageKeys.theme) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** Dark by default; the toggle's choice is remembered under `theme` and only applies inside the dashboard. */
function useDashboardTheme() {
  const [theme, setTheme] = useState(readTheme);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    try {
      window.localStorage.setItem(storageKeys.theme, theme);
    } catch {
      /* not remembered */
    }
    // Leaving the dashboard: the site's own area rule applies again.
    return () => document.documentElement.classList.remove('dark');
  }, [theme]);
  return { theme, toggle: () => setTheme((t) => (t === 'dark' ? 'light' : 'dark')) };
}

export function DashboardLayout({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  const events = useQuery(eventsQuery());
  // Only a list that was read and is empty means "no event yet"; while it loads, or when it could not be
  // read, the menu stays usable and each page says for itself why it cannot show its event.
  const noEvent = events.data?.length === 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const { theme, toggle } = useDashboardTheme();
  const [intro, setIntro] = useState(() => !hasSeenIntro() && !prefersReducedMotion());
  const finishIntro = useCallback(() => {
    markIntroSeen();
    setIntro(false);
  }, []);
  const { pathname } = useLocation();
  // Navigating closes the menu; adjusted while rendering so the new page never paints it open.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  // A window widened past the phone layout shows the sidebar itself; the menu would stay open over it.
  const wide = useMediaQuery('(min-width: 1024px)');
  if (wide && menuOpen) setMenuOpen(false);
  useEffect(() => {
    if (!intro) markIntroSeen();
  }, [intro]);

  const sidebar = (
    <Sidebar
      noEvent={noEvent}
      onLogout={onLogout}
      loggingOut={loggingOut}
      onNavigate={() => setMenuOpen(false)}
    />
  );
  return (
    // Bars that stick while the page scrolls stop under this layout's own sticky header (h-14).
    <div className="min-h-dvh bg-stone-50 text-stone-900 [--sticky-offset:3.5rem] dark:bg-stone-950 dark:text-stone-100">
      {intro ? <IntroAnimation onDone={finishIntro} /> : null}
      <SkipLink />
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-stone-200 bg-white/90 px-3 backdrop-blur lg:pl-6 dark:border-stone-800 dark:bg-stone-950/90">
        <MobileMenu open={menuOpen} onOpenChange={setMenuOpen}>
          {sidebar}
        </MobileMenu>
        <Link to="/dashboard" className="flex items-center gap-2">
          <img
            src="/logo.png"
            alt=""
            width={32}
            height={32}
            className="h-8 w-8 rounded-full bg-white/90 p-0.5"
          />
          <span className="font-display text-lg font-semibold">Anı Kutusu</span>
        </Link>
        <button
          type="button"
          onClick={toggle}
          aria-label={theme === 'dark' ? 'Açık temaya geç' : 'Koyu temaya geç'}
          className="ml-auto cursor-pointer rounded-lg p-2 hover:bg-stone-100 dark:hover:bg-stone-800"
        >
          {theme === 'dark' ? (
            <Sun aria-hidden className="h-5 w-5" />
          ) : (
            <Moon aria-hidden className="h-5 w-5" />
          )}
        </button>
      </header>
      <div className="flex">
        <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-64 shrink-0 overflow-y-auto border-r border-stone-200 lg:block dark:border-stone-800">
          {sidebar}
        </aside>
        <main id="main" className="min-w-0 flex-1">
          <Outlet context={{ hasEvent: (events.data?.length ?? 0) > 0, events: events.data ?? [] }} />
        </main>
      </div>
    </div>
  );
}
