import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@ani/contract/messages';
import { refreshSession } from '../lib/session';
import { jsonResponse } from '../test/render';
import { WallActions, wallLinkExpiry } from './wall-actions';

const m = messages.wall;

afterEach(() => vi.restoreAllMocks());

/** The dialog open, with the wall-link request held until the test answers it. */
async function openDialog(expiresAt: string) {
  window.sessionStorage.setItem('token', 't');
  refreshSession();
  let answer = () => undefined as void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    await held;
    return jsonResponse({ success: true, url: '/events/ev1/wall?wall=tok', token: 'tok', expiresAt });
  });
  const user = userEvent.setup();
  render(<WallActions eventId="ev1" />);
  await user.click(screen.getByRole('button', { name: m.action }));
  await screen.findByRole('dialog', { name: m.action });
  return { user, fetchMock, answer };
}

describe('Canlı Duvar: the wall link', () => {
  it('keeps the keyboard on "Duvar bağlantısı oluştur" while the link is made, then moves it to "Kopyala"', async () => {
    const { user, fetchMock, answer } = await openDialog('2026-12-14T18:30:00.000Z');
    const create = screen.getByRole('button', { name: m.createLink });
    create.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(create).toHaveAttribute('aria-disabled', 'true'));
    // Not `disabled`: the focus stays on the button instead of falling to the dialog.
    expect(create).toBeEnabled();
    expect(create).toHaveFocus();
    // Pressed again meanwhile: ignored.
    await user.keyboard('{Enter}');
    await user.click(create);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer();
    expect(await screen.findByTestId('wall-link')).toHaveValue(
      `${window.location.origin}/events/ev1/wall?wall=tok`,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: m.copy })).toHaveFocus());
    expect(create).not.toHaveAttribute('aria-disabled');
  });

  it('shows an expiry at Istanbul midnight as the last minute of the day before, keeping the text', async () => {
    // 00:00 on 14 December in Istanbul (UTC+3).
    const { answer } = await openDialog('2026-12-13T21:00:00.000Z');
    answer();
    await userEvent.click(screen.getByRole('button', { name: m.createLink }));
    expect(await screen.findByTestId('wall-link-expiry')).toHaveTextContent(
      m.linkExpires.replace('{tarih}', '13 Aralık 2026 23:59'),
    );
  });

  it('shows any other expiry as it is', () => {
    expect(wallLinkExpiry('2026-12-14T18:30:00.000Z')).toBe('14 Aralık 2026 21:30');
    // A minute past midnight is already the new day.
    expect(wallLinkExpiry('2026-12-13T21:01:00.000Z')).toBe('14 Aralık 2026 00:01');
    expect(wallLinkExpiry('2026-12-13T21:00:00.000Z')).toBe('13 Aralık 2026 23:59');
  });
});
