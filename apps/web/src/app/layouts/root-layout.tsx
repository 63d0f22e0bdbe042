import { Outlet, ScrollRestoration } from 'react-router';
import { ScrollProgress } from '../../components/ui/scroll-progress';
import { AuthDialogsProvider } from '../../features/auth';
import { TermsOfUseText } from '../../features/legal';
import { ThemeByArea } from '../theme';
import { usePageTitle } from '../page-title';

/**
 * Everything every page shares: scroll progress, the theme rule, the sign-in dialogs, the tab's title,
 * and the scroll position (a new page starts at its top; back and forward return where one was).
 */
export function RootLayout() {
  usePageTitle();
  return (
    <AuthDialogsProvider termsContent={<TermsOfUseText />}>
      <ScrollProgress />
      <ThemeByArea />
      <Outlet />
      <ScrollRestoration />
    </AuthDialogsProvider>
  );
}
