import { describe, expect, it } from 'vitest';
import * as guest from './messages-guest.ts';
import { messages } from './messages.ts';

describe('guest upload page texts', () => {
  it('are the texts messages gives server and other screens (no key shadowed after the spread)', () => {
    const groups = [
      [guest.guestGeneric, messages.generic],
      [guest.guestUpload, messages.upload],
      [guest.guestEvents, messages.events],
      [guest.guestSubmissions, messages.submissions],
      [guest.guestMyUploads, messages.myUploads],
    ] as const;
    expect(groups).toHaveLength(Object.keys(guest).length);
    for (const [texts, all] of groups) {
      for (const [key, text] of Object.entries(texts)) expect(all[key as keyof typeof all], key).toBe(text);
    }
  });
});
