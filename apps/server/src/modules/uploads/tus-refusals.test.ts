import { ERRORS } from '@tus/server';
import { describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { tusRefusal } from './tus-refusals.ts';

const turkishTexts = new Set<string>(
  [messages.generic, messages.upload, messages.submissions].flatMap((group) => Object.values(group)),
);

describe('tus’s own refusals', () => {
  it('are each answered with a Turkish text and the protocol’s own status', () => {
    for (const [name, error] of Object.entries(ERRORS)) {
      const answer = tusRefusal(error);
      expect(answer?.status_code, name).toBe(error.status_code);
      expect(turkishTexts.has(answer!.body), `${name}: ${answer?.body}`).toBe(true);
    }
  });

  it('tell a second tab that the file is being sent elsewhere', () => {
    expect(tusRefusal(ERRORS.ABORTED)).toEqual({
      status_code: 400,
      body: messages.submissions.sendingElsewhere,
    });
  });

  it('leave our own refusals and plain failures alone', () => {
    expect(tusRefusal({ status_code: 403, body: messages.upload.closed })).toBeUndefined();
    expect(tusRefusal(new Error('database went away'))).toBeUndefined();
  });
});
