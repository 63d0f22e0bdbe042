import './styles.css';

// The guest upload page (the QR code on the table cards) is a build of its own (upload.html,
// src/upload-main.tsx); the server sends this entry for every other address.

// The app's code (boot.tsx, preloaded from index.html) starts only after the browser has painted a
// frame: the landing page arrives prerendered, and evaluating and hydrating the app first would hold
// that paint back by the length of the longest script task on a slow phone.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./boot');
};
requestAnimationFrame(() => setTimeout(start, 0));
// A hidden tab paints no frames; it starts anyway.
setTimeout(start, 200);
