import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { createWeddingInput } from './weddings.ts';

const w = messages.weddings;
const valid = {
  username: 'Elif Şahin',
  title: 'Düğünümüz',
  venueName: 'Bahçe',
  venueLocation: 'https://maps.example/x',
  brideName: 'Elif',
  brideSurname: 'Şahin',
  groomName: 'Can',
  groomSurname: 'Öz',
  weddingDate: '2028-02-29',
  weddingTime: '00:00',
};
const firstMessage = (over: Record<string, unknown>) =>
  createWeddingInput.safeParse({ ...valid, ...over }).error?.issues[0]?.message;

describe('createWeddingInput', () => {
  it('defaults a blank capacity to 250 and takes eventName for the title', () => {
    expect(createWeddingInput.parse(valid).capacity).toBe(250);
    expect(createWeddingInput.parse({ ...valid, capacity: null }).capacity).toBe(250);
    expect(createWeddingInput.parse({ ...valid, capacity: ' 80 ' }).capacity).toBe(80);
    const { title: _t, ...noTitle } = valid;
    expect(createWeddingInput.parse({ ...noTitle, eventName: ' Kına  Gecesi ' }).title).toBe('Kına Gecesi');
  });
  it('accepts the LCV body with no title (the server picks the event), but not a blank one', () => {
    const { title: _t, ...noTitle } = valid;
    expect(createWeddingInput.parse(noTitle).title).toBeUndefined();
    expect(firstMessage({ title: '  ' })).toBe(w.createRequired);
  });
  it.each([
    [{ weddingDate: '2027-13-01' }, w.dateInvalid],
    [{ weddingDate: '2027-02-29' }, w.dateInvalid],
    [{ weddingDate: '2027/06/12' }, w.dateInvalid],
    [{ weddingTime: '9:30' }, w.timeInvalid],
    [{ weddingTime: '23:60' }, w.timeInvalid],
    [{ capacity: 0 }, w.capacityPositive],
    [{ capacity: 'çok' }, w.capacityInvalid],
    [{ username: '' }, w.usernameRequired],
    [{ venueLocation: ' ' }, w.createRequired],
  ])('refuses %o', (over, message) => {
    expect(firstMessage(over)).toBe(message);
  });
});
