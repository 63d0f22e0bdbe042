import { describe, expect, it } from 'vitest';
import type { Logger } from '../../http/logger.ts';
import { bestEffortSender } from './users.mail.ts';

const message = { to: 'ayse.kaya@example.com', subject: 'Hesabınızı etkinleştirin', text: 'x', html: 'x' };

function capturingLogger() {
  const lines: unknown[] = [];
  const logger = { error: (obj: unknown) => lines.push(obj) } as unknown as Logger;
  return { lines, logger };
}

describe('a mail a request caused', () => {
  it('logs a failed send with the domain and subject, never the whole address', async () => {
    const { lines, logger } = capturingLogger();
    const send = bestEffortSender({ send: async () => Promise.reject(new Error('550 refused')) }, logger);
    await send(message);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ toDomain: 'example.com', subject: message.subject });
    expect(JSON.stringify(lines[0])).not.toContain('ayse.kaya');
  });

  it('logs nothing when the mail goes out', async () => {
    const { lines, logger } = capturingLogger();
    const sent: string[] = [];
    await bestEffortSender({ send: async (m) => void sent.push(m.to) }, logger)(message);
    expect(sent).toEqual([message.to]);
    expect(lines).toEqual([]);
  });
});
