import type { ReactNode } from 'react';
import { LoginDialog } from './login-dialog';
import { RegisterDialog } from './register-dialog';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import type { AuthDialog } from './auth-dialogs';

export function AuthDialogSet({
  current,
  onChange,
  termsContent,
  onCloseAutoFocus,
}: {
  current: AuthDialog;
  onChange: (dialog: AuthDialog) => void;
  termsContent: ReactNode;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const onOpenChange = (open: boolean) => {
    if (!open) onChange(null);
  };
  return (
    <>
      <LoginDialog
        open={current === 'login'}
        onOpenChange={onOpenChange}
        onSwitch={onChange}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <RegisterDialog
        open={current === 'register'}
        onOpenChange={onOpenChange}
        onSwitch={onChange}
        termsContent={termsContent}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <ForgotPasswordDialog
        open={current === 'forgot'}
        onOpenChange={onOpenChange}
        onSwitch={onChange}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}
