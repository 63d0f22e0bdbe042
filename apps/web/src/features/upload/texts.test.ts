import { describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { eventTexts, uploadTexts } from './texts';

describe('upload page texts', () => {
  it('are the contract texts, letter for letter', () => {
    for (const [key, text] of Object.entries(uploadTexts)) {
      expect(text, key).toBe(messages.upload[key as keyof typeof messages.upload]);
    }
    for (const [key, text] of Object.entries(eventTexts)) {
      expect(text, key).toBe(messages.events[key as keyof typeof messages.events]);
    }
  });
});
