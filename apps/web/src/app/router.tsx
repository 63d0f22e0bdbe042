import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LandingPage } from '../features/marketing/components/landing-page';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RequireAuth } from './require-auth';
import { NotFoundPage } from './not-found';
import { ErrorScreen } from './error-screen';
import { AppLoading } from './app-loading';
import type { PageHandle } from './page-title';

// The landing page is in the first bundle; every other page is its own chunk, loaded on first visit.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    // Shown while the first page's chunk loads (every page but the landing page is one).
    HydrateFallback: AppLoading,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <LandingPage />, handle: {} satisfies PageHandle },
          {
            path: 'gallery',
            handle: { title: 'Galeri' } satisfies PageHandle,
            lazy: () =>
              import('../features/marketing/components/gallery-page').then((m) => ({
                Component: m.GalleryPage,
              })),
          },
          {
            path: 'contact',
            handle: { title: 'İletişim' } satisfies PageHandle,
            lazy: () =>
              import('../features/marketing/components/contact-page').then((m) => ({
                Component: m.ContactPage,
              })),
          },
          {
            path: 'reset-password',
            handle: { title: 'Şifre Sıfırlama' } satisfies PageHandle,
            lazy: () =>
              import('../features/auth/components/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: 'events/:eventId',
            lazy: () =>
              import('../features/album/components/album-page').then((m) => ({ Component: m.AlbumPage })),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'events',
                handle: { title: 'Etkinlikleriniz' } satisfies PageHandle,
                lazy: () =>
                  import('../features/events/components/events-page').then((m) => ({
                    Component: m.EventsPage,
                  })),
              },
              {
                path: 'profile',
                handle: { title: 'Profil Ayarları' } satisfies PageHandle,
                lazy: () =>
                  import('../features/profile/components/profile-page').then((m) => ({
                    Component: m.ProfilePage,
                  })),
              },
            ],
          },
          {
            path: '*',
            element: <NotFoundPage />,
            handle: { title: 'Sayfa Bulunamadı' } satisfies PageHandle,
          },
        ],
      },
      // Full screen for the venue's TV: outside the site's header and footer, and open to a wall link.
      {
        path: 'events/:eventId/wall',
        lazy: () => import('../features/wall/components/wall-page').then((m) => ({ Component: m.WallPage })),
      },
      {
        // The guest page has no site header or footer: loaded fresh, it is its own build (upload-main.tsx),
        // and an in-app visit shows the same page.
        path: 'events/:eventId/:title/upload-image-page',
        lazy: () => import('./routes/upload-route').then((m) => ({ Component: m.UploadRoute })),
      },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            lazy: () => import('./layouts/dashboard-shell').then((m) => ({ Component: m.DashboardShell })),
            children: [
              {
                index: true,
                handle: { title: 'Yönetim Paneli' } satisfies PageHandle,
                lazy: () =>
                  import('../features/dashboard/components/dashboard-home-page').then((m) => ({
                    Component: m.DashboardHomePage,
                  })),
              },
              {
                path: 'guests/list',
                handle: { title: 'Davetli Listesi' } satisfies PageHandle,
                lazy: () =>
                  import('./routes/guest-list-route').then((m) => ({ Component: m.GuestListRoute })),
              },
              {
                path: 'guests/add',
                handle: { title: 'Davetli Ekle' } satisfies PageHandle,
                lazy: () =>
                  import('../features/guests/components/add-guests-page').then((m) => ({
                    Component: m.AddGuestsPage,
                  })),
              },
              {
                path: 'qr/create',
                handle: { title: 'Dijital Albüm Ayarları' } satisfies PageHandle,
                lazy: () =>
                  import('./routes/qr-settings-route').then((m) => ({ Component: m.QrSettingsRoute })),
              },
              {
                path: 'qr/manage',
                handle: { title: 'Albüm' } satisfies PageHandle,
                lazy: () =>
                  import('./routes/album-manage-route').then((m) => ({ Component: m.AlbumManageRoute })),
              },
              {
                path: 'invitation',
                handle: { title: 'Davetiye' } satisfies PageHandle,
                lazy: () =>
                  import('../features/invitation/components/invitation-page').then((m) => ({
                    Component: m.InvitationPage,
                  })),
              },
              {
                path: 'decoration',
                handle: { title: 'Araç Süsleme' } satisfies PageHandle,
                lazy: () =>
                  import('../features/decoration/components/decoration-page').then((m) => ({
                    Component: m.DecorationPage,
                  })),
              },
              {
                path: 'photos',
                handle: { title: 'Poz Önerileri' } satisfies PageHandle,
                lazy: () =>
                  import('../features/poses/components/poses-page').then((m) => ({ Component: m.PosesPage })),
              },
              {
                path: 'settings',
                handle: { title: 'Ayarlar' } satisfies PageHandle,
                lazy: () =>
                  import('../features/profile/components/profile-page').then((m) => ({
                    Component: m.ProfilePage,
                  })),
              },
              {
                path: 'music',
                handle: { title: 'Müzik' } satisfies PageHandle,
                lazy: () =>
                  import('../features/music/components/music-page').then((m) => ({ Component: m.MusicPage })),
              },
              // Unknown dashboard paths go to the dashboard home.
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
