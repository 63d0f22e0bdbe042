import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { storageKeys } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { Toaster } from '../../components/ui/toaster';
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout';
import { refreshSession } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { getToasts, resetToasts } from '../../test/toasts';
import { AlbumManageRoute } from './album-manage-route';

const noEventHint = 'Bu özellikler için önce bir etkinlik oluşturmalısınız';
const unavailable = messages.generic.unavailable;

/**
 * /dashboard/qr/manage inside the dashboard's layout, with the app's own retry setting (one retry)
 * and no wait between the attempts. `answers` are the events list's answers, in turn; the last repeats.
 */
function renderManage(answers: (() => Response)[]) {
  window.sessionStorage.setItem(storageKeys.token, 't');
  window.localStorage.setItem(storageKeys.dashboardAnimationSeen, 'true');
  refreshSession();
  resetToasts();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  let calls = 0;
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (!String(input).endsWith('/api/events')) throw new Error(`unexpected ${String(input)}`);
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return answer();
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, retryDelay: 0, refetchOnWindowFocus: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout onLogout={() => undefined} loggingOut={false} />,
        children: [{ path: 'qr/manage', element: <AlbumManageRoute /> }],
      },
    ],
    { initialEntries: ['/dashboard/qr/manage'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock };
}

const down = () => jsonResponse({ success: false, message: unavailable }, 503);

afterEach(() => {
  vi.restoreAllMocks();
  resetToasts();
});

describe('album page of the dashboard when the events cannot be read', () => {
  it('says the list failed, with a retry, in one toast, and never that there is no event', async () => {
    const { fetchMock } = renderManage([down]);
    const failure = await screen.findByTestId('events-failure');
    expect(failure).toHaveAttribute('role', 'alert');
    expect(within(failure).getByText(messages.events.listFailed)).toBeInTheDocument();
    // The automatic retry ran too, and failed the same way: still one toast.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getToasts().filter((t) => t.description === unavailable)).toHaveLength(1);
    expect(screen.queryByText('Henüz Etkinlik Yok')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Etkinlik Oluştur' })).not.toBeInTheDocument();
    // The menu does not claim there is no event either.
    const menu = screen.getByRole('navigation', { name: 'Panel menüsü' });
    expect(within(menu).getByRole('button', { name: /Dijital Albüm/ })).toBeEnabled();
    expect(within(menu).getByRole('button', { name: /Davetli/ })).toBeEnabled();
    expect(within(menu).getByRole('link', { name: 'Albüm' })).toBeInTheDocument();
    expect(screen.queryByText(noEventHint)).not.toBeInTheDocument();

    // Asked again by hand, failing again: the page keeps its retry and the keyboard's place, no new toast.
    const user = userEvent.setup();
    const retry = within(failure).getByRole('button', { name: messages.media.loadRetry });
    await user.click(retry);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    await waitFor(() => expect(retry).not.toHaveAttribute('aria-disabled'));
    expect(retry).toBeInTheDocument();
    expect(retry).toHaveFocus();
    expect(getToasts().filter((t) => t.description === unavailable)).toHaveLength(1);
  });

  it('shows the album page once a retry reads the list, and "no event" only for a list read empty', async () => {
    const { fetchMock } = renderManage([down, down, () => jsonResponse({ success: true, events: [] })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: messages.media.loadRetry }));
    expect(await screen.findByRole('heading', { name: 'Henüz Etkinlik Yok' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByTestId('events-failure')).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Panel menüsü' });
    expect(within(menu).getByRole('button', { name: /Dijital Albüm/ })).toBeDisabled();
    expect(screen.getByText(noEventHint)).toBeInTheDocument();
  });
});
