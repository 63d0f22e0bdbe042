import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { extractPosterFrame, hasTool } from './media-tools.ts';

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

describe('extractPosterFrame', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ani-poster-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A stand-in for ffmpeg: records its pid, then runs `body` (the output path is its last argument). */
  const fakeFfmpeg = async (body: string) => {
    const tool = path.join(dir, 'ffmpeg');
    await writeFile(tool, `#!/bin/sh\necho $$ > "${dir}/pid"\n${body}\n`);
    await chmod(tool, 0o755);
    return tool;
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('ends the tool when its job is told to stop, instead of letting it run to its own deadline', async () => {
    const tool = await fakeFfmpeg('exec sleep 120');
    const stop = new AbortController();
    const poster = extractPosterFrame(path.join(dir, 'in.mp4'), path.join(dir, 'out.png'), tool, stop.signal);
    const pid = await vi.waitFor(async () => Number(await readFile(path.join(dir, 'pid'), 'utf8')));
    expect(alive(pid)).toBe(true);
    stop.abort();
    await expect(poster).rejects.toThrow();
    await vi.waitFor(() => expect(alive(pid)).toBe(false));
  });

  it('(the twin) lets a tool that is not told to stop finish and write its frame', async () => {
    const tool = await fakeFfmpeg('for last; do :; done; printf frame > "$last"');
    const out = path.join(dir, 'out.png');
    await extractPosterFrame(path.join(dir, 'in.mp4'), out, tool, new AbortController().signal);
    expect(await readFile(out, 'utf8')).toBe('frame');
  });
});
