import { queryOptions } from '@tanstack/react-query';
import {
  approvalResponse,
  guestListResponse,
  guestMessageResponse,
  guestResponse,
  statisticsResponse,
  type GuestStatus,
} from '@ani/contract/guests';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { saveBlob } from '../../../lib/save-file';

export const guestKeys = {
  list: (weddingId: string) => ['guests', weddingId] as const,
  stats: (weddingId: string) => ['guests', weddingId, 'statistics'] as const,
};

const q = (weddingId: string) => `weddingId=${encodeURIComponent(weddingId)}`;

export const guestListQuery = (weddingId: string) =>
  queryOptions({
    queryKey: guestKeys.list(weddingId),
    queryFn: ({ signal }) =>
      apiRequest(`/guests?${q(weddingId)}`, { backend: 'wedding', schema: guestListResponse, signal }),
  });

// Statistics failures are logged only: no toast.
export const statisticsQuery = (weddingId: string) =>
  queryOptions({
    queryKey: guestKeys.stats(weddingId),
    queryFn: ({ signal }) =>
      apiRequest(`/statistics?${q(weddingId)}`, {
        backend: 'wedding',
        schema: statisticsResponse,
        signal,
        errorToast: false,
      }),
  });

export function addGuest(body: {
  weddingId: string;
  name: string;
  phone: string;
  expectedGuestCount: number;
}) {
  return apiRequest('/guests', {
    backend: 'wedding',
    method: 'POST',
    body: { ...body, status: 'belirsiz' },
    schema: guestResponse,
    errorToast: false,
  }).then((r) => r.guest);
}

export function deleteGuest(body: { weddingId: string; name: string; phone: string }) {
  return apiRequest('/guests', {
    backend: 'wedding',
    method: 'DELETE',
    body,
    schema: guestMessageResponse,
    errorToast: false,
  });
}

export function updateGuest(
  index: number,
  body: { weddingId: string; name: string; phone: string; guestCount: number; status: GuestStatus },
) {
  return apiRequest(`/guests/${index}`, {
    backend: 'wedding',
    method: 'PUT',
    body,
    schema: guestResponse,
    errorToast: false,
  }).then((r) => r.guest);
}

export function approveGuestList(weddingId: string) {
  return apiRequest('/guests/approval', {
    backend: 'wedding',
    method: 'PATCH',
    body: { weddingId, guestListApproved: true },
    schema: approvalResponse,
    errorToast: false,
  });
}

/** The CSV comes as an attachment behind the Bearer token, so it is fetched and handed to the browser as a blob. */
export async function downloadGuestCsv(weddingId: string): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api/guests/export?${q(weddingId)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError('http', 'Misafir listesi alınamadı', response.status);
  saveBlob(await response.blob(), 'davetli-listesi.csv');
}
