import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { refreshSession } from '../../../lib/session';
import type { Event } from '@ani/contract/events';
import { sampleEvent } from '../../../test/album-fixtures';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { SettingsTab } from './settings-tab';

const event = sampleEvent({ canAddPhotos: true });

afterEach(() => vi.useRealTimers());

/** Renders the tab against a server that echoes the update; returns the bodies sent to /events/update. */
function renderTab(initial: Event, { failUpdate = false } = {}) {
  window.sessionStorage.setItem('token', 't');
  refreshSession();
  const updates: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).endsWith('/events/update')) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      updates.push(body);
      if (failUpdate) return jsonResponse({ success: false, message: 'x' }, 500);
      return jsonResponse({ success: true, event: { ...initial, ...body } });
    }
    return jsonResponse({ success: true, event: initial });
  });
  renderWithRouter(<SettingsTab event={initial} />);
  return updates;
}

async function quietSecond() {
  await act(async () => {
    vi.advanceTimersByTime(1000);
  });
}

describe('Fotoğraf Onayı setting', () => {
  it('shows the current choice and saves "Ben onaylarım" with the other settings unchanged', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const updates = renderTab(event);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(screen.getByRole('group', { name: 'Fotoğraf Onayı' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Otomatik/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Ben onaylarım/ }));
    expect(screen.getByRole('radio', { name: /^Ben onaylarım/ })).toBeChecked();
    expect(updates).toEqual([]);
    await quietSecond();
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ eventId: 'ev1', autoApprovePhotos: false, canAddPhotos: true });
    expect(await screen.findByText('Etkinlik bilgileri başarıyla güncellendi.')).toBeInTheDocument();
  });

  it('changing photo adding keeps the approval the owner chose; both changes go in one save', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const updates = renderTab({ ...event, autoApprovePhotos: false });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(screen.getByRole('radio', { name: /^Ben onaylarım/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Kapalı/ }));
    await quietSecond();
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ canAddPhotos: false, autoApprovePhotos: false });

    await user.click(screen.getByRole('radio', { name: /^Otomatik/ }));
    await user.click(screen.getByRole('radio', { name: /^Açık/ }));
    await quietSecond();
    expect(updates).toHaveLength(2);
    expect(updates[1]).toMatchObject({ canAddPhotos: true, autoApprovePhotos: true });
  });
});

describe('autosave confirmation', () => {
  it('says "saved" inside the group the host changed, in a live region, not at the top of the card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderTab(event);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const approval = screen.getByRole('group', { name: 'Fotoğraf Onayı' });
    const adding = screen.getByRole('group', { name: 'Fotoğraf Ekleme' });
    await user.click(screen.getByRole('radio', { name: /^Ben onaylarım/ }));
    await quietSecond();
    const status = await within(approval).findByRole('status');
    expect(status).toHaveTextContent('Etkinlik bilgileri başarıyla güncellendi.');
    expect(within(adding).getByRole('status')).toBeEmptyDOMElement();
    // The same words nowhere else: one confirmation, where the control is.
    expect(screen.getAllByText('Etkinlik bilgileri başarıyla güncellendi.')).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: /^Kapalı/ }));
    await quietSecond();
    expect(await within(adding).findByText('Etkinlik bilgileri başarıyla güncellendi.')).toBeInTheDocument();
    expect(within(approval).getByRole('status')).toBeEmptyDOMElement();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(within(adding).getByRole('status')).toBeEmptyDOMElement();
  });

  it('says a failed save beside the control too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderTab(event, { failUpdate: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('radio', { name: /^Ben onaylarım/ }));
    await quietSecond();
    const approval = screen.getByRole('group', { name: 'Fotoğraf Onayı' });
    expect(
      await within(approval).findByText('Etkinlik bilgileri güncellenirken bir sorun oluştu.'),
    ).toBeInTheDocument();
  });
});
