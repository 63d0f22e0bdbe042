import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';
import { accountLinkParam, type AccountLinkResult } from '@ani/contract/users';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A link people open in a browser tab: a signed file (a data export from an e-mail, a photo) or
     * an album ZIP. When it is refused, a tab is sent to the site, which says why in Turkish.
     */
    opensInBrowser?: boolean;
  }
}

/**
 * Where a browser tab that opened a refused file link goes instead of reading the API's JSON: the
 * home page, whose dialog names the case (`/?hesap=file-gone` or `file-link-invalid`). Only a tab's
 * own page load asks with `Sec-Fetch-Dest: document`; a download started from a page (`empty`) and
 * every call from code keep the JSON refusal, so nothing saves an HTML page under a ZIP's name.
 */
export function deadLinkLanding(
  request: FastifyRequest,
  code: ErrorCode,
  message?: string,
): string | undefined {
  if (
    request.method !== 'GET' ||
    request.routeOptions.config?.opensInBrowser !== true ||
    request.headers['sec-fetch-dest'] !== 'document'
  )
    return undefined;
  // A valid album link with nothing in the album yet (a data export lists every album's link).
  const result: AccountLinkResult =
    message === messages.media.noPhotos
      ? 'album-empty'
      : code === ErrorCode.NOT_FOUND
        ? 'file-gone'
        : 'file-link-invalid';
  return `/?${accountLinkParam}=${result}`;
}
