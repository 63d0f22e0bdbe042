import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The theme is forced by area (spec): dark under /dashboard, light everywhere else. The stored
 * `theme` preference (local storage) belongs to the dashboard's own toggle, added with the dashboard.
 */
export function ThemeByArea() {
  const { pathname } = useLocation();
  const dark = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);
  return null;
}
