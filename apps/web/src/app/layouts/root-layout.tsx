import { Outlet } from 'react-router';
import { ScrollProgress } from '../../components/ui/scroll-progress';
import { AuthDialogsProvider } from '../../features/auth';
import { TermsOfUseText } from '../../features/legal';
import { ThemeByArea } from '../theme';

/** Everything every page shares: scroll progress, the theme rule and the sign-in dialogs. */
export function RootLayout() {
  return (
    <AuthDialogsProvider termsContent={<TermsOfUseText />}>
      <ScrollProgress />
      <ThemeByArea />
      <Outlet />
    </AuthDialogsProvider>
  );
}
