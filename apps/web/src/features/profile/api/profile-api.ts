import { queryOptions } from '@tanstack/react-query';
import { profileResponse, type UpdateProfileInput } from '@ani/contract/users';
import { apiRequest } from '../../../lib/api-client';

const meResponse = profileResponse.pick({ success: true, user: true });

export const meQuery = queryOptions({
  queryKey: ['users', 'me'],
  queryFn: () => apiRequest('/users/me', { schema: meResponse }),
});

// The page shows its own error banner; the generic toast would say the same thing twice.
export function updateProfile(userId: string, input: UpdateProfileInput) {
  return apiRequest(`/users/profile/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: input,
    schema: profileResponse,
    errorToast: false,
  });
}
