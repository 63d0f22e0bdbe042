import { describe, expect, it } from 'vitest';
import { toConversationPhone } from './text.ts';
import { conversationParams } from './whatsapp.ts';

describe('toConversationPhone', () => {
  it.each([
    ['+905321234567', '905321234567'],
    ['905321234567', '905321234567'],
    ['05321234567', '905321234567'],
    ['5321234567', '905321234567'],
    ['0 532 123 45 67', '905321234567'],
    ['2121234567', '902121234567'],
  ])('%s → %s', (input, expected) => {
    expect(toConversationPhone(input)).toBe(expected);
  });
  it.each(['', '12345', '0012345678', '+9005321234567', 'abc'])('refuses %j', (input) => {
    expect(toConversationPhone(input)).toBeNull();
  });
  it('is what the conversation route parses', () => {
    expect(conversationParams.parse({ weddingId: 'w', phone: '0532 123 45 67' })).toEqual({
      weddingId: 'w',
      phone: '905321234567',
    });
  });
});
