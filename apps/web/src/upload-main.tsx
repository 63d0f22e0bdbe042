import './upload-page.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { uploadPageEventId } from '@ani/contract/upload-page';
import { UploadPage } from './features/upload/components/upload-page';
import { preloadCover, requestEventInfo } from './upload-path';

// The guest upload page (the QR code on the table cards) is its own build (upload.html): no router,
// query cache, toasts or sign-in dialogs, and Preact in place of React, because a phone on the venue's
// network opens it and must be able to pick photos in a moment (docs/decisions/0117). The server sends
// this page for the QR code's address only; everywhere else the app shows the same component.
const eventId = uploadPageEventId(window.location.pathname) ?? '';
// The event's info is asked for at once; the page reads the answer when it renders.
const info = eventId ? requestEventInfo(eventId) : undefined;
if (info) preloadCover(info);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <UploadPage eventId={eventId} earlyInfo={info} />
  </StrictMode>,
);
