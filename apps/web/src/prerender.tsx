// Build-time entry (scripts/build-plugins.ts): renders the landing page to HTML with the same routes
// and providers the browser uses, so the browser can hydrate it instead of rendering it from nothing.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';

export function renderLandingPage(): string {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  return renderToString(<App router={router} />);
}
