import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';

const router = createAppRouter();
const root = document.getElementById('root')!;

// The landing page arrives prerendered (see prerender.tsx): the browser paints it before any script
// runs, and React adopts that HTML instead of building it again. Any other address gets the app's shell,
// whose loading state the first render replaces.
// A query string (an activation link's result, say) can change what the page shows, so then it renders
// afresh.
if (root.hasChildNodes() && window.location.pathname === '/' && !window.location.search) {
  hydrateRoot(root, <App router={router} />);
} else {
  createRoot(root).render(<App router={router} />);
}
