import { authResponse, messageResponse, profileResponse, type LoginInput } from '@ani/contract/users';
import { apiRequest } from '../../../lib/api-client';

/** The registration payload after the dialog's own checks: name parts already joined. */
export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  phoneNumber: string;
}

const meResponse = profileResponse.pick({ success: true, user: true });

// The auth dialogs show their own "Giriş Hatası!" / "Kayıt Hatası!" toasts, so the generic one is off.
export function registerUser(payload: RegisterPayload) {
  return apiRequest('/users/register', {
    method: 'POST',
    body: payload,
    schema: authResponse,
    errorToast: false,
  });
}

export function loginUser(payload: LoginInput) {
  return apiRequest('/users/login', {
    method: 'POST',
    body: payload,
    schema: authResponse,
    errorToast: false,
  });
}

/** A token the server already refused is signed out all the same: no "session ended" for it. */
export function logoutUser() {
  return apiRequest('/users/logout', {
    method: 'POST',
    schema: messageResponse,
    errorToast: false,
    endSessionOn401: false,
  });
}

export function fetchMe() {
  return apiRequest('/users/me', { schema: meResponse });
}

export function resendActivation(email: string) {
  return apiRequest('/users/activation/resend', { method: 'POST', body: { email }, schema: messageResponse });
}

export function requestPasswordReset(email: string) {
  return apiRequest('/users/password/forgot', { method: 'POST', body: { email }, schema: messageResponse });
}

export function resetPassword(token: string, password: string) {
  return apiRequest('/users/password/reset', {
    method: 'POST',
    body: { token, password },
    schema: messageResponse,
    errorToast: false,
  });
}
