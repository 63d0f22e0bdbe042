import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasTool } from './media-tools.ts';

describe('hasTool', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ani-media-tools-'));
    // Only the clock is faked: the checks spawn real processes.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await rm(dir, { recursive: true, force: true });
  });

  const install = async (tool: string) => {
    await writeFile(tool, '#!/bin/sh\nexit 0\n');
    await chmod(tool, 0o755);
  };

  it('checks a missing tool again after a minute instead of remembering the failure for ever', async () => {
    const tool = path.join(dir, 'late-tool');
    expect(await hasTool(tool)).toBe(false);
    await install(tool);
    // Within the minute the "no" stands: a host without ffmpeg is not spawned for every video.
    expect(await hasTool(tool)).toBe(false);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await hasTool(tool)).toBe(true);
  });

  it('(the twin) keeps a tool it found without checking again', async () => {
    const tool = path.join(dir, 'found-tool');
    await install(tool);
    expect(await hasTool(tool)).toBe(true);
    await rm(tool);
    vi.setSystemTime(Date.now() + 10 * 61_000);
    expect(await hasTool(tool)).toBe(true);
  });
});
