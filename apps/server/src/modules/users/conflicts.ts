import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from '../../http/errors.ts';

/** The 409 for an e-mail address or a username that another account already holds. */
export const conflictFor = (which: 'email' | 'username') =>
  new AppError(
    ErrorCode.CONFLICT,
    which === 'email' ? messages.auth.emailTaken : messages.auth.usernameTaken,
  );
