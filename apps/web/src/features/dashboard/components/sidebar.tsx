import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import {
  CalendarDays,
  Camera,
  ChevronDown,
  Car,
  Home,
  ImagePlus,
  LogOut,
  Mail,
  Music,
  QrCode,
  Settings,
  ShieldCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

const noEventHint = 'Bu özellikler için önce bir etkinlik oluşturmalısınız';

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
}

const groups: { id: string; label: string; icon: ReactNode; items: Item[] }[] = [
  {
    id: 'qr',
    label: 'Dijital Albüm',
    icon: <QrCode aria-hidden className="h-4 w-4" />,
    items: [
      { to: '/dashboard/qr/create', label: 'Ayarlar', icon: <Settings aria-hidden className="h-4 w-4" /> },
      { to: '/dashboard/qr/manage', label: 'Albüm', icon: <ImagePlus aria-hidden className="h-4 w-4" /> },
    ],
  },
  {
    id: 'guests',
    label: 'Davetli',
    icon: <Users aria-hidden className="h-4 w-4" />,
    items: [
      {
        to: '/dashboard/guests/list',
        label: 'Davetli Listesi',
        icon: <Users aria-hidden className="h-4 w-4" />,
      },
      {
        to: '/dashboard/guests/add',
        label: 'Davetli Ekle',
        icon: <UserPlus aria-hidden className="h-4 w-4" />,
      },
    ],
  },
];

const extras: Item[] = [
  { to: '/dashboard/invitation', label: 'Davetiye', icon: <Mail aria-hidden className="h-4 w-4" /> },
  { to: '/dashboard/photos', label: 'Poz Önerileri', icon: <Camera aria-hidden className="h-4 w-4" /> },
  { to: '/dashboard/music', label: 'Müzik', icon: <Music aria-hidden className="h-4 w-4" /> },
  { to: '/dashboard/decoration', label: 'Araç Süsleme', icon: <Car aria-hidden className="h-4 w-4" /> },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors',
    isActive
      ? 'bg-brand-600/20 font-semibold text-brand-700 dark:text-brand-200'
      : 'text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800',
  );

export interface SidebarProps {
  /**
   * The events list was read and holds none: the groups are disabled with the reason. Not while it loads
   * or after it failed to load, when nothing says the host has no event.
   */
  noEvent: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

/** Groups need an event (their pages all read it); they stay visible but disabled, with the reason as a hint. */
export function Sidebar({ noEvent, onNavigate, onLogout, loggingOut }: SidebarProps) {
  const usable = !noEvent;
  // Both groups start open.
  const [open, setOpen] = useState<Record<string, boolean>>({ qr: true, guests: true });
  return (
    <nav aria-label="Panel menüsü" className="flex h-full flex-col gap-1 p-3">
      <NavLink to="/dashboard" end className={linkClass} onClick={onNavigate}>
        <Home aria-hidden className="h-4 w-4" /> Ana Sayfa
      </NavLink>
      {groups.map((group) => (
        <div key={group.id} className="mt-2">
          <button
            type="button"
            disabled={!usable}
            title={usable ? undefined : noEventHint}
            aria-expanded={usable && open[group.id]}
            onClick={() => setOpen((o) => ({ ...o, [group.id]: !o[group.id] }))}
            className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-stone-400 dark:hover:bg-stone-800"
          >
            {group.icon}
            <span className="flex-1">{group.label}</span>
            <ChevronDown
              aria-hidden
              className={cn('h-4 w-4 transition-transform', usable && open[group.id] && 'rotate-180')}
            />
          </button>
          {usable && open[group.id] ? (
            <div className="mt-1 ml-3 space-y-1 border-l border-stone-200 pl-2 dark:border-stone-800">
              {group.items.map((item) => (
                <NavLink key={item.to} to={item.to} className={linkClass} onClick={onNavigate}>
                  {item.icon} {item.label}
                </NavLink>
              ))}
            </div>
          ) : null}
        </div>
      ))}
      {usable ? null : (
        <p className="mx-3 mt-2 rounded-lg bg-amber-500/10 p-2 text-xs text-amber-700 dark:text-amber-300">
          {noEventHint}
        </p>
      )}
      <div className="mt-3 space-y-1 border-t border-stone-200 pt-3 dark:border-stone-800">
        {extras.map((item) => (
          <NavLink key={item.to} to={item.to} className={linkClass} onClick={onNavigate}>
            {item.icon} {item.label}
          </NavLink>
        ))}
      </div>
      <div className="mt-auto space-y-1 border-t border-stone-200 pt-3 dark:border-stone-800">
        {/* Back to the site's events page (the album cards with their QR codes and downloads). */}
        <NavLink to={paths.events} className={linkClass} onClick={onNavigate}>
          <CalendarDays aria-hidden className="h-4 w-4" /> Etkinliklerim
        </NavLink>
        <NavLink to={paths.dashboardSettings} className={linkClass} onClick={onNavigate}>
          <Settings aria-hidden className="h-4 w-4" /> Ayarlar
        </NavLink>
        {/* KVKK: the host's copy of their data and account deletion, at the end of the settings page. */}
        <Link
          to={`${paths.dashboardSettings}#verilerim`}
          className={linkClass({ isActive: false })}
          onClick={onNavigate}
        >
          <ShieldCheck aria-hidden className="h-4 w-4" /> Verilerim ve Hesabım
        </Link>
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-stone-700 hover:bg-stone-100 disabled:opacity-50 dark:text-stone-300 dark:hover:bg-stone-800"
        >
          <LogOut aria-hidden className="h-4 w-4" /> {loggingOut ? 'Çıkış Yapılıyor...' : 'Çıkış Yap'}
        </button>
      </div>
    </nav>
  );
}
