import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, LogOut, Menu, UserRound, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { paths } from '../../config/paths';
import { authTexts, useAuthDialogs, useLogout } from '../../features/auth';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-brand-700',
    isActive ? 'text-brand-700' : 'text-stone-700',
  );

/** Sticky top bar, 16 units high. */
export function SiteHeader() {
  const { token, user } = useSession();
  const signedIn = token !== null;
  const dialogs = useAuthDialogs();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenus = useCallback(() => {
    setMenuOpen(false);
    setMobileOpen(false);
  }, []);
  const { logout, loggingOut } = useLogout(closeMenus);
  const location = useLocation();
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // The open mobile menu closes like any popup: Escape (the focus back on its button) or a tap outside.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMobileOpen(false);
      menuButton.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [mobileOpen]);
  /** The menu closes as its dialog opens: the dialog gives the focus back to the menu's button. */
  const openDialog = (which: 'login' | 'register') => {
    menuButton.current?.focus();
    setMobileOpen(false);
    dialogs.open(which);
  };

  // Choosing a link closes the mobile menu: adjusted while rendering, so the old page never paints it open.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMobileOpen(false);
  }

  const links = [
    { to: paths.home, label: 'Ana Sayfa', end: true },
    ...(signedIn ? [{ to: paths.events, label: 'Düğünüm', end: false }] : []),
    { to: paths.contact, label: 'İletişim', end: false },
  ];

  return (
    <header
      ref={header}
      className="sticky top-0 z-40 h-16 border-b border-stone-200/70 bg-cream-50/90 backdrop-blur supports-[backdrop-filter]:bg-cream-50/75"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2" aria-label="Anı Kutusu ana sayfa">
          <img src="/logo.png" alt="" width={40} height={40} className="h-10 w-10" />
          <span className="font-display text-xl font-semibold text-brand-800">Anı Kutusu</span>
        </Link>

        <nav aria-label="Ana menü" className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          {signedIn ? (
            <DropdownMenu.Root open={menuOpen} onOpenChange={setMenuOpen} modal={false}>
              <DropdownMenu.Trigger asChild>
                <Button variant="outline">
                  <UserRound aria-hidden className="h-4 w-4" />
                  Hesabım
                  <ChevronDown aria-hidden className="h-4 w-4" />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={8}
                  className="z-50 min-w-52 rounded-xl border border-stone-200 bg-white p-1.5 shadow-xl"
                >
                  {user ? (
                    <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-stone-500">
                      {user.username}
                    </DropdownMenu.Label>
                  ) : null}
                  <MenuLink to={paths.dashboard}>Yönetim Paneli</MenuLink>
                  <MenuLink to={paths.events}>Düğünüm</MenuLink>
                  <MenuLink to={paths.profile}>Profil Ayarları</MenuLink>
                  <DropdownMenu.Separator className="my-1 h-px bg-stone-100" />
                  <DropdownMenu.Item
                    disabled={loggingOut}
                    onSelect={(e) => {
                      // Keep the menu open so "Çıkış Yapılıyor..." is visible until the call ends.
                      e.preventDefault();
                      void logout();
                    }}
                    className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-red-700 outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-red-50"
                  >
                    <LogOut aria-hidden className="h-4 w-4" />
                    {loggingOut ? authTexts.loggingOut : authTexts.logout}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : (
            <>
              <Button variant="outline" onClick={() => dialogs.open('login')}>
                Giriş Yap
              </Button>
              <Button onClick={() => dialogs.open('register')}>Kayıt Ol</Button>
            </>
          )}
        </div>

        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={mobileOpen ? 'Menüyü kapat' : 'Menüyü aç'}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen((v) => !v)}
        >
          {mobileOpen ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
        </Button>
      </div>

      {mobileOpen ? (
        <div id="mobile-menu" className="border-b border-stone-200 bg-cream-50 px-4 pb-4 shadow-lg md:hidden">
          <nav aria-label="Mobil menü" className="flex flex-col py-2">
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.end}
                className={(s) => cn(linkClass(s), 'py-3 text-base')}
                onClick={() => setMobileOpen(false)}
              >
                {l.label}
              </NavLink>
            ))}
            {signedIn ? (
              <>
                <NavLink
                  to={paths.dashboard}
                  className={(s) => cn(linkClass(s), 'py-3 text-base')}
                  onClick={() => setMobileOpen(false)}
                >
                  Yönetim Paneli
                </NavLink>
                <NavLink
                  to={paths.profile}
                  className={(s) => cn(linkClass(s), 'py-3 text-base')}
                  onClick={() => setMobileOpen(false)}
                >
                  Profil Ayarları
                </NavLink>
              </>
            ) : null}
          </nav>
          {signedIn ? (
            <div className="flex items-center justify-between gap-3 border-t border-stone-200 pt-3">
              <span className="flex min-w-0 items-center gap-2 text-sm text-stone-700">
                <UserRound aria-hidden className="h-4 w-4 shrink-0" />
                <span className="truncate">{user?.username}</span>
              </span>
              <Button variant="outline" size="sm" disabled={loggingOut} onClick={() => void logout()}>
                {loggingOut ? authTexts.loggingOut : authTexts.logout}
              </Button>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-2 border-t border-stone-200 pt-3">
              <Button variant="outline" onClick={() => openDialog('login')}>
                Giriş Yap
              </Button>
              <Button onClick={() => openDialog('register')}>Kayıt Ol</Button>
            </div>
          )}
        </div>
      ) : null}
    </header>
  );
}

function MenuLink({ to, children }: { to: string; children: string }) {
  return (
    <DropdownMenu.Item
      asChild
      className="block cursor-pointer rounded-lg px-3 py-2 text-sm text-stone-700 outline-none data-[highlighted]:bg-brand-50"
    >
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}
