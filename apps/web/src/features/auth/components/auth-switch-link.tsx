import type { ReactNode } from 'react';
import type { AuthDialog } from './auth-dialogs';

interface Props {
  /** The dialog this link opens in place of the current one. */
  to: Exclude<AuthDialog, null>;
  onSwitch: (dialog: AuthDialog) => void;
  /** The question before the link; without one the link stands alone on a full-width line. */
  prompt?: string;
  children: ReactNode;
}

/**
 * The link at the foot of a sign-in dialog that swaps it for another one. It lives in its own file,
 * not in auth-dialogs.tsx, so it loads with the dialogs' chunk rather than the landing page.
 */
export function AuthSwitchLink({ to, onSwitch, prompt, children }: Props) {
  const link = (className: string) => (
    <button type="button" className={className} onClick={() => onSwitch(to)}>
      {children}
    </button>
  );
  if (prompt === undefined)
    return link('w-full cursor-pointer text-center text-sm text-brand-700 hover:underline');
  return (
    <p className="text-center text-sm text-stone-600">
      {prompt} {link('cursor-pointer font-medium text-brand-700 hover:underline')}
    </p>
  );
}
