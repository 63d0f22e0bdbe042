import { messageResponse, profileResponse, type UpdateProfileInput } from '@ani/contract/users';
import { apiRequest } from '../../../lib/api-client';

// The page shows its own error banner; the generic toast would say the same thing twice.
export function updateProfile(userId: string, input: UpdateProfileInput) {
  return apiRequest(`/users/profile/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: input,
    schema: profileResponse,
    errorToast: false,
  });
}

/** "Verilerimi İndir": the archive is prepared in the background and its link arrives by e-mail. */
export function requestDataExport() {
  return apiRequest('/users/me/export', { method: 'POST', schema: messageResponse, errorToast: false });
}

/** "Hesabımı Sil", step 1: the password; the e-mailed link confirms. */
export function requestAccountDeletion(password: string) {
  return apiRequest('/users/me/deletion', {
    method: 'POST',
    body: { password },
    schema: messageResponse,
    errorToast: false,
  });
}

export function cancelAccountDeletion() {
  return apiRequest('/users/me/deletion', { method: 'DELETE', schema: messageResponse, errorToast: false });
}
