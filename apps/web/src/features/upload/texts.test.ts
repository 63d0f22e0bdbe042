import { describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { eventTexts, myUploadsTexts, submissionTexts, uploadTexts } from './texts';

describe('upload page texts', () => {
  it('are the contract texts, letter for letter', () => {
    for (const [key, text] of Object.entries(uploadTexts)) {
      expect(text, key).toBe(messages.upload[key as keyof typeof messages.upload]);
    }
    for (const [key, text] of Object.entries(submissionTexts)) {
      expect(text, key).toBe(messages.submissions[key as keyof typeof messages.submissions]);
    }
    for (const [key, text] of Object.entries(myUploadsTexts)) {
      expect(text, key).toBe(messages.myUploads[key as keyof typeof messages.myUploads]);
    }
    for (const [key, text] of Object.entries(eventTexts)) {
      expect(text, key).toBe(messages.events[key as keyof typeof messages.events]);
    }
  });
});
