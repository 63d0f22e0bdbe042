import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { controlSocketPath, DataDirInUseError, openControlSocket, requestBackup } from './control-socket.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('control socket', () => {
  it('lets one process own a DATA_DIR at a time, also when its path is too long for a socket', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'ani-control-'));
    dirs.push(base);
    for (const dataDir of [base, path.join(base, 'd'.repeat(120))]) {
      const first = await openControlSocket(dataDir);
      expect(first.socketPath).toBe(controlSocketPath(dataDir));
      await expect(openControlSocket(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);
      await first.close();
      // Released: the next owner gets it.
      const second = await openControlSocket(dataDir);
      await second.close();
    }
    expect(controlSocketPath(path.join(base, 'd'.repeat(120)))).toMatch(/anikutusu-[0-9a-f]{16}\.sock$/);
  });

  it('refuses a backup until the server has started, and reports no server where none runs', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ani-control-'));
    dirs.push(dataDir);
    expect(await requestBackup(dataDir, path.join(dataDir, 'a.tar'))).toBe(false);
    const control = await openControlSocket(dataDir);
    try {
      await expect(requestBackup(dataDir, path.join(dataDir, 'b.tar'))).rejects.toThrow('HTTP 503');
    } finally {
      await control.close();
    }
  });
});
