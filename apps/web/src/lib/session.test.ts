import { describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, getSessionEnd, refreshSession, useSession } from './session';
import { renderHook } from '@testing-library/react';

const user = { userId: 'u1', username: 'Elif Can', email: 'e@example.com' };

function signIn(token: string): void {
  sessionStorage.setItem('token', token);
  sessionStorage.setItem('user', JSON.stringify(user));
  refreshSession();
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What another tab's logout writes to the shared local storage, as this tab's `storage` event sees it. */
function noteFromOtherTab(value: unknown): void {
  window.dispatchEvent(
    new StorageEvent('storage', { key: 'session_ended', newValue: JSON.stringify(value) }),
  );
}

describe('session', () => {
  it('a logout tells the other tabs through local storage, naming the token only by its hash', async () => {
    signIn('secret-token');
    const writes: [string, string][] = [];
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (this === window.localStorage) writes.push([key, value]);
      setItem.call(this, key, value);
    });
    clearSession({ reason: 'signed-out' });
    expect(getSessionEnd()).toEqual({ reason: 'signed-out', userId: 'u1' });
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    const [key, value] = writes[0]!;
    expect(key).toBe('session_ended');
    expect(value).not.toContain('secret-token');
    expect(JSON.parse(value)).toMatchObject({ tag: await sha256('secret-token'), reason: 'signed-out' });
    // Only the event matters: nothing stays behind in local storage.
    expect(localStorage.getItem('session_ended')).toBeNull();
  });

  it('signs this tab out when another tab ends the same token, and not for another token', async () => {
    signIn('shared-token');
    // The storage event is followed while something shows the session (the header always does).
    const { result } = renderHook(() => useSession());
    noteFromOtherTab({ tag: await sha256('another-token'), reason: 'signed-out', at: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.token).toBe('shared-token');

    noteFromOtherTab({ tag: await sha256('shared-token'), reason: 'signed-out', at: 2 });
    await vi.waitFor(() => expect(result.current.token).toBeNull());
    expect(getSession()).toEqual({ token: null, user: null });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(getSessionEnd()).toEqual({ reason: 'signed-out', userId: 'u1' });
  });

  it('a new sign-in ends the record of the session that ended', () => {
    signIn('a');
    clearSession({ reason: 'refused' });
    expect(getSessionEnd()).toEqual({ reason: 'refused', userId: 'u1' });
    sessionStorage.setItem('token', 'b');
    refreshSession();
    expect(getSessionEnd()).toBeNull();
  });

  it('clearing without a reason, or with no session, records no ended session', () => {
    signIn('a');
    clearSession();
    expect(getSessionEnd()).toBeNull();
    clearSession({ reason: 'refused' });
    expect(getSessionEnd()).toBeNull();
  });
});
