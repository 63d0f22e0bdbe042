import './styles.css';
import { hasStoredSession, startOnDemand } from './start-on-demand';

// The guest upload page (the QR code on the table cards) is a build of its own (upload.html,
// src/upload-main.tsx); the server sends this entry for every other address.

const root = document.getElementById('root')!;
const startApp = () => import('./boot');

// The landing page arrives prerendered and works as HTML: the app (boot.tsx) starts when the visitor
// is about to use it, or at once for a signed-in visitor, whose header differs (start-on-demand.ts).
// A query string (an activation link's result, say) can change what the page shows, so the app then
// starts as on any other address.
if (
  root.hasChildNodes() &&
  window.location.pathname === '/' &&
  !window.location.search &&
  !hasStoredSession()
) {
  startOnDemand(root, startApp);
} else {
  // Everywhere else the app's chunks are modulepreloaded from the HTML; it starts after the browser
  // has painted a frame, so evaluating it does not hold back the first paint.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void startApp();
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  // A hidden tab paints no frames; it starts anyway.
  setTimeout(start, 200);
}
