// Build-time entry (scripts/build-plugins.ts): renders the landing page to HTML with the same routes
// and providers the browser uses, so the browser can hydrate it instead of rendering it from nothing;
// and the loading state the app's shell shows on every other address.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';
import { AppLoading } from './app/app-loading';

export function renderLandingPage(): string {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  return renderToString(<App router={router} />);
}

/** The loading state every other address shows from the HTML until the app has started. */
export function renderAppShell(): string {
  return renderToString(<AppLoading />);
}
