import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { messages } from '@ani/contract/messages';
import { renderWithRouter } from '../../../test/render';
import { AuthDialogsProvider } from './auth-dialogs';
import { ResetPasswordPage } from './reset-password-page';

const renderAt = (path: string) =>
  renderWithRouter(
    <AuthDialogsProvider termsContent={null}>
      <ResetPasswordPage />
    </AuthDialogsProvider>,
    { path },
  );

describe('reset password page', () => {
  it('says at once that a link without its token is not valid, and offers a new one', () => {
    renderAt('/reset-password');
    expect(screen.getByText(messages.auth.tokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yeni bağlantı iste' })).toBeInTheDocument();
  });

  it('opens a link with its token on the empty form, without an error', () => {
    renderAt('/reset-password?token=abc');
    expect(screen.queryByText(messages.auth.tokenInvalid)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Yeni Şifre')).toHaveValue('');
  });
});
