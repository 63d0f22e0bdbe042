import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { media } from '../db/schema/index.ts';
import type { TestApp } from './create-test-app.ts';

/**
 * The stored originals of an event's items, as the store holds them: what a ZIP or a download must
 * hand out byte for byte. Not the bytes that were sent, since a photo's location is removed at
 * commit.
 */
export async function storedOriginals(t: TestApp, eventId: string): Promise<Buffer[]> {
  const rows = await t.db.select({ key: media.objectKey }).from(media).where(eq(media.eventId, eventId));
  return Promise.all(rows.map(async (row) => buffer(await t.storage.get(row.key))));
}
