import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

/** The whole app around a router: the browser's (main.tsx) or the build's prerender of the landing page. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
