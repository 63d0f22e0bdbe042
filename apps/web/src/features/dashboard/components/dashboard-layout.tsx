import { Link, Outlet } from 'react-router';
import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Minimal dark shell; the sidebar, intro animation and theme toggle arrive with the dashboard issue. */
export function DashboardLayout({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  return (
    <div className="min-h-dvh bg-stone-950 text-stone-100">
      <header className="flex h-16 items-center justify-between border-b border-stone-800 px-4 sm:px-6">
        <Link to="/dashboard" className="flex items-center gap-2">
          <img src="/logo.png" alt="" width={36} height={36} className="h-9 w-9 rounded-full bg-white/90 p-0.5" />
          <span className="font-display text-lg font-semibold">Anı Kutusu</span>
        </Link>
        <Button variant="ghost" onClick={onLogout} disabled={loggingOut}>
          <LogOut aria-hidden className="h-4 w-4" />
          {loggingOut ? 'Çıkış Yapılıyor...' : 'Çıkış Yap'}
        </Button>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
