import { describe, expect, it } from 'vitest';
import { uploadPageEventId, uploadPagePath } from './upload-page.ts';

describe('uploadPageEventId', () => {
  it('reads the event id of the QR code’s upload address', () => {
    expect(uploadPageEventId('/events/ev-1/ayse--mehmet/upload-image-page')).toBe('ev-1');
    expect(uploadPageEventId('/events/ev%201/x/upload-image-page/')).toBe('ev 1');
  });

  it('is null for every other address, which starts the whole app', () => {
    expect(uploadPageEventId('/')).toBeNull();
    expect(uploadPageEventId('/events/ev-1')).toBeNull();
    expect(uploadPageEventId('/events/ev-1/x/upload-image-page/more')).toBeNull();
    expect(uploadPageEventId('/dashboard/events/ev-1/x/upload-image-page')).toBeNull();
    expect(uploadPageEventId('/events/%E0%A4%A/x/upload-image-page')).toBeNull();
  });
});

describe('uploadPagePath', () => {
  it('is the QR code’s address: the event id, then the title’s slug', () => {
    expect(uploadPagePath({ id: 'ev-1', title: 'Ayşe & Mehmet  Düğünü' })).toBe(
      '/events/ev-1/aye--mehmet-dn/upload-image-page',
    );
  });

  it('is read back as its event, whatever the id and title hold', () => {
    for (const event of [
      { id: 'ev 1/2', title: 'Çağrı & İpek' },
      { id: '7d3f0c4e-1b2a-4c5d-9e8f-0a1b2c3d4e5f', title: 'ÇÖŞ' },
      { id: 'ev-2', title: '💍💍💍' },
    ])
      expect(uploadPageEventId(uploadPagePath(event))).toBe(event.id);
  });

  it('names the page "etkinlik" when the title leaves nothing of a-z and 0-9', () => {
    expect(uploadPagePath({ id: 'ev-2', title: '💍💍💍' })).toBe('/events/ev-2/etkinlik/upload-image-page');
  });
});
