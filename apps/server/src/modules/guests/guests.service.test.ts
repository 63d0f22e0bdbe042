import { describe, expect, it } from 'vitest';
import { invitationText } from './guests.service.ts';

describe('invitation text', () => {
  it('carries a guest name as written, even one that looks like a replacement pattern', () => {
    const wedding = { brideName: 'Ayşe', groomName: 'Mehmet', weddingDate: '2027-06-12', weddingTime: '19:00', venueName: 'Bahçe' };
    const text = invitationText(wedding as Parameters<typeof invitationText>[0], "Ali $& Veli $' $1");
    expect(text).toContain("Ali $& Veli $' $1");
    expect(text).toContain('12.06.2027');
    expect(text).toContain('Ayşe & Mehmet');
  });
});
