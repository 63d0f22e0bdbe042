import './styles.css';
import interLatin from './assets/fonts/inter-latin.woff2?url';
import interTurkish from './assets/fonts/inter-turkish.woff2?url';
import playfairLatin from './assets/fonts/playfair-display-latin.woff2?url';
import playfairTurkish from './assets/fonts/playfair-display-turkish.woff2?url';
import { uploadPageEventId } from '@ani/contract/upload-page';
import { preloadCover, requestEventInfo } from './upload-path';

// The guest upload page (the QR code on the table cards) starts its own small app: a phone at the venue
// must not download the landing page, the router and the dashboard's libraries before it can pick photos
// (docs/decisions/0095). Every other address starts the whole app.
const uploadEventId = uploadPageEventId(window.location.pathname);

// The app's code (boot.tsx, preloaded from index.html) starts only after the browser has painted a
// frame: the landing page arrives prerendered, and evaluating and hydrating the app first would hold
// that paint back by the length of the longest script task on a slow phone.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  if (uploadEventId !== null) {
    // The event's info is asked for now, while the page's code downloads, instead of after it ran.
    const info = requestEventInfo(uploadEventId);
    preloadCover(info);
    void import('./upload-boot').then((m) => m.startUploadPage(uploadEventId, info));
  } else void import('./boot');
};
if (uploadEventId !== null) start();
else {
  // index.html preloads the fonts for the landing page; the shell of the other pages (app.html) does not,
  // because the upload page uses the phone's own faces. These pages show both from their first render.
  if (!document.querySelector('link[rel="preload"][as="font"]')) {
    for (const href of [interLatin, interTurkish, playfairLatin, playfairTurkish]) {
      const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'font', href });
      link.type = 'font/woff2';
      link.crossOrigin = '';
      document.head.append(link);
    }
  }
  requestAnimationFrame(() => setTimeout(start, 0));
  // A hidden tab paints no frames; it starts anyway.
  setTimeout(start, 200);
}
