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

describe('Canlı Duvar: renewing the wall link', () => {
  const renewed = {
    success: true,
    url: '/events/ev1/wall?wall=new.sig.1',
    token: 'new.sig.1',
    expiresAt: '2026-12-14T18:30:00.000Z',
  };

  /** The dialog open, with the renewal request held until the test answers it (ok or refused). */
  async function openForRenewal() {
    window.sessionStorage.setItem('token', 't');
    refreshSession();
    let answer = (_ok: boolean) => undefined as void;
    const held = new Promise<boolean>((resolve) => (answer = resolve));
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        (await held)
          ? jsonResponse(renewed)
          : jsonResponse({ success: false, message: 'Etkinlik bulunamadı.', code: 'NOT_FOUND' }, 404),
      );
    const user = userEvent.setup();
    render(<WallActions eventId="ev1" />);
    await user.click(screen.getByRole('button', { name: m.action }));
    await screen.findByRole('dialog', { name: m.action });
    return { user, fetchMock, answer: (ok: boolean) => answer(ok) };
  }

  it('asks first, keeps the keyboard on the button while it runs, then shows the new link and says the old one stopped', async () => {
    const { user, fetchMock, answer } = await openForRenewal();
    const status = screen.getAllByRole('status');
    const alerts = screen.getAllByRole('alert');
    const button = screen.getByRole('button', { name: m.renew });
    expect(button).toHaveAccessibleDescription(m.renewHint);
    await user.click(button);
    // Nothing is renewed before the confirmation; "Vazgeç" sends nothing.
    const confirm = await screen.findByRole('alertdialog', { name: m.renewConfirmTitle });
    expect(confirm).toHaveTextContent(m.renewHint);
    await user.click(screen.getByRole('button', { name: 'Vazgeç' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(button);
    await user.click(await screen.findByRole('button', { name: m.renewConfirm }));
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleName(m.renewing);
    // Pressed again meanwhile: ignored, no second confirmation.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/events\/ev1\/wall-link\/renew$/);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST' });

    answer(true);
    expect(await screen.findByTestId('wall-link')).toHaveValue(
      `${window.location.origin}/events/ev1/wall?wall=new.sig.1`,
    );
    // The live regions were there from the start; the note goes into one of them.
    await waitFor(() => expect(screen.getByText(m.renewed)).toBeInTheDocument());
    expect(status.some((s) => s.textContent === m.renewed)).toBe(true);
    expect(alerts.every((a) => a.textContent === '')).toBe(true);
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveAccessibleName(m.renew);
  });

  it('says in Turkish when the renewal is refused, and shows no link', async () => {
    const { user, answer } = await openForRenewal();
    const alerts = screen.getAllByRole('alert');
    await user.click(screen.getByRole('button', { name: m.renew }));
    await user.click(await screen.findByRole('button', { name: m.renewConfirm }));
    answer(false);
    await waitFor(() => expect(alerts.some((a) => a.textContent === m.renewFailed)).toBe(true));
    expect(screen.queryByTestId('wall-link')).not.toBeInTheDocument();
    expect(screen.queryByText(m.renewed)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: m.renew })).not.toHaveAttribute('aria-disabled');
  });
});
