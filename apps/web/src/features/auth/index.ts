// The auth feature's public surface, composed by src/app. Kept free of zod-carrying modules so the
// landing page's first bundle stays small; dialogs and API calls load on demand.
export { AuthDialogsProvider, useAuthDialogs } from './components/auth-dialogs';
export { AccountLinkNotice } from './components/account-link-notice';
export { useLogout } from './use-logout';
export { authTexts } from './texts';
