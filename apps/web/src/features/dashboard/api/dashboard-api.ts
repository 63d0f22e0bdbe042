import { createWeddingResponse, type CreateWeddingInput } from '@ani/contract/weddings';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/weddings/create: the event and its wedding in one call; the form shows its own failure toast. */
export function createWedding(body: CreateWeddingInput) {
  return apiRequest('/weddings/create', {
    backend: 'wedding',
    method: 'POST',
    body,
    schema: createWeddingResponse,
    errorToast: false,
  });
}
