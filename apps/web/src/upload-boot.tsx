import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UploadPage } from './features/upload/components/upload-page';

/**
 * The guest upload page on its own: no router, query cache, toasts or sign-in dialogs, which the page
 * does not use and a phone on the venue's network would otherwise download first (docs/decisions/0095).
 */
export function startUploadPage(eventId: string, info: Promise<Response>): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <UploadPage eventId={eventId} earlyInfo={info} />
    </StrictMode>,
  );
}
