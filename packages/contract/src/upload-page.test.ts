import { describe, expect, it } from 'vitest';
import { uploadPageEventId } from './upload-page.ts';

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
