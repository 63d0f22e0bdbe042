import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Light everywhere outside /dashboard. Inside, the dashboard layout owns the theme (dark by
 * default, with its toggle remembered under `theme`); forcing dark here as well would override the
 * toggle, because a parent's effect runs after its child's.
 */
export function ThemeByArea() {
  const { pathname } = useLocation();
  const inDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  useEffect(() => {
    if (!inDashboard) document.documentElement.classList.remove('dark');
  }, [inDashboard]);
  return null;
}
