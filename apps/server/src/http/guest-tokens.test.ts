import { describe, expect, it } from 'vitest';
import { createGuestTokens } from './guest-tokens.ts';

describe('guest tokens', () => {
  const tokens = createGuestTokens('secret-one');

  it('names the guest it was issued to, for that event only', () => {
    const { guestId, token } = tokens.issue('event-a');
    expect(tokens.verify('event-a', token)).toBe(guestId);
    expect(tokens.verify('event-b', token)).toBeNull();
  });

  it('refuses forged, altered, foreign and missing tokens', () => {
    const { guestId, token } = tokens.issue('event-a');
    const otherId = tokens.issue('event-a').guestId;
    const signature = token.split('.')[1];
    expect(tokens.verify('event-a', `${otherId}.${signature}`)).toBeNull();
    expect(tokens.verify('event-a', `${guestId}.${'A'.repeat(43)}`)).toBeNull();
    expect(tokens.verify('event-a', createGuestTokens('secret-two').issue('event-a').token)).toBeNull();
    expect(tokens.verify('event-a', `${token}.x`)).toBeNull();
    expect(tokens.verify('event-a', '')).toBeNull();
    expect(tokens.verify('event-a', undefined)).toBeNull();
  });
});
