import { describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { privacySections } from './privacy-text';

const privacyText = privacySections
  .flatMap((section) => [...section.paragraphs, ...(section.items ?? []), ...[section.closing ?? []].flat()])
  .join('\n');

describe('privacy text', () => {
  it('says when a confirmed account deletion happens as the page and the mails do: 7 days after', () => {
    // The deletion runs once the 7-day grace period is over, not at some point within it.
    expect(messages.auth.deletionRequested).toContain('7 gün sonra');
    const deletion = privacyText.split('\n').find((text) => text.includes('"Hesabımı Sil" düğmesiyle'));
    expect(deletion).toContain('7 gün sonra kalıcı olarak silinir');
    expect(deletion).not.toContain('7 gün içinde');
  });
});
