import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';

/**
 * Every ffmpeg/ffprobe child runs under these bounds: killed with SIGKILL after the wall-clock time,
 * and its address space capped with `prlimit --as` (util-linux) so a hostile file makes the child
 * fail instead of the machine swap. Without prlimit the timeout still applies.
 */
const childBounds = {
  probe: { timeoutMs: 15_000, memoryBytes: 512 * 1024 * 1024 },
  poster: { timeoutMs: 60_000, memoryBytes: 768 * 1024 * 1024 },
};

/**
 * What a video may be to be accepted: a phone's 4K clip in either orientation, up to a quarter hour
 * (100 MB per upload keeps real clips far shorter), in a codec browsers and ffmpeg both play.
 */
export const videoLimits = {
  maxWidth: 3840,
  maxHeight: 2160,
  maxDurationSeconds: 15 * 60,
  codecs: new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4']),
};

/**
 * ffprobe decodes a first frame to describe a stream: ~50 MB for a phone clip, ~210 MB for a
 * hostile 8192x8192 H.264 one. Two at a time, whatever the number of uploads in flight, keeps a
 * flood of such clips to a bounded amount of memory; the others wait their turn (at most one per
 * upload in progress, which the per-address and connection caps bound).
 */
const probeSlots = 2;
let probesRunning = 0;
const probeWaiters: (() => void)[] = [];
async function withProbeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (probesRunning >= probeSlots) await new Promise<void>((resolve) => probeWaiters.push(resolve));
  else probesRunning++;
  try {
    return await work();
  } finally {
    const next = probeWaiters.shift();
    if (next) next();
    else probesRunning--;
  }
}

type ChildBounds = { timeoutMs: number; memoryBytes: number };
type RunResult = { code: number; stdout: string; stderr: string; timedOut: boolean };

let prlimitAvailable: Promise<boolean> | null = null;
function hasPrlimit(): Promise<boolean> {
  prlimitAvailable ??= runRaw('prlimit', ['--version'], 5_000).then((r) => r.code === 0);
  return prlimitAvailable;
}

function runRaw(
  command: string,
  args: string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<RunResult> {
  return new Promise((resolve) => {
    // An aborted caller (a job past its queue's timeout) ends the child as its deadline would.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 64_000) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: error.message, timedOut: timedOut || !!signal?.aborted });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr, timedOut });
    });
  });
}

/** Runs a media tool with a SIGKILL deadline and, where prlimit exists, a cap on its memory. */
async function runBounded(
  command: string,
  args: string[],
  bounds: ChildBounds,
  signal?: AbortSignal,
): Promise<RunResult> {
  // prlimit execs the tool in its own process, so the deadline's SIGKILL reaches the tool itself.
  if (await hasPrlimit())
    return runRaw(
      'prlimit',
      [`--as=${bounds.memoryBytes}`, '--', command, ...args],
      bounds.timeoutMs,
      signal,
    );
  return runRaw(command, args, bounds.timeoutMs, signal);
}

/**
 * How long a failed check stands. A tool found stays found; a failed spawn may be passing (too many
 * processes, a slow disk at boot) and remembered for ever would give every later video a placeholder.
 */
const MISSING_TOOL_RECHECK_MS = 60_000;
const available = new Map<string, { result: Promise<boolean>; checkedAt: number }>();
/** Whether a tool can be run here (the server works without ffmpeg); a "no" is checked again after a minute. */
export function hasTool(command: string): Promise<boolean> {
  const known = available.get(command);
  if (known)
    return known.result.then((ok) =>
      ok || Date.now() - known.checkedAt < MISSING_TOOL_RECHECK_MS ? ok : recheck(),
    );
  return recheck();

  function recheck(): Promise<boolean> {
    const latest = available.get(command);
    // Callers that saw the same stale "no" share one new check.
    if (latest && latest !== known) return latest.result;
    const result = runRaw(command, ['-hide_banner', '-version'], 10_000).then((r) => r.code === 0);
    available.set(command, { result, checkedAt: Date.now() });
    return result;
  }
}

/**
 * Whether a video may be accepted, from ffprobe's reading of its first video stream: dimensions,
 * duration and codec within `videoLimits`. Without ffprobe on the host nothing decodes videos
 * either, so they are accepted unread ('ok').
 */
export async function probeVideo(
  path: string,
  command = 'ffprobe',
): Promise<'ok' | 'too-large' | 'unreadable'> {
  if (!(await hasTool(command))) return 'ok';
  const result = await withProbeSlot(() =>
    runBounded(
      command,
      [
        '-v',
        'error',
        '-threads',
        '1',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,width,height:format=duration',
        '-of',
        'json',
        path,
      ],
      childBounds.probe,
    ),
  );
  if (result.code !== 0) return 'unreadable';
  let parsed: {
    streams?: { codec_name?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  try {
    parsed = JSON.parse(result.stdout) as typeof parsed;
  } catch {
    return 'unreadable';
  }
  const stream = parsed.streams?.[0];
  if (!stream?.width || !stream.height || !stream.codec_name) return 'unreadable';
  if (!videoLimits.codecs.has(stream.codec_name)) return 'unreadable';
  const longer = Math.max(stream.width, stream.height);
  const shorter = Math.min(stream.width, stream.height);
  const duration = Number(parsed.format?.duration ?? 0);
  if (longer > videoLimits.maxWidth || shorter > videoLimits.maxHeight) return 'too-large';
  if (!Number.isFinite(duration) || duration > videoLimits.maxDurationSeconds) return 'too-large';
  return 'ok';
}

/**
 * Writes a representative early frame of the video as PNG. Each frame is scaled down to the preview
 * size first, so the `thumbnail` filter (which holds 30 frames to pick the most typical one, avoiding
 * black fade-ins) holds 30 small frames, not 30 full-size ones; one decoder thread keeps the
 * decoder's own buffers to one set.
 */
export async function extractPosterFrame(
  videoPath: string,
  outPath: string,
  command = 'ffmpeg',
  signal?: AbortSignal,
): Promise<void> {
  const result = await runBounded(
    command,
    [
      '-hide_banner',
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-threads',
      '1',
      '-i',
      videoPath,
      '-vf',
      'scale=w=min(iw\\,1600):h=min(ih\\,1600):force_original_aspect_ratio=decrease,thumbnail=30',
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      outPath,
    ],
    childBounds.poster,
    signal,
  );
  signal?.throwIfAborted();
  if (result.code !== 0) {
    const why = result.timedOut ? 'timed out' : `exit ${result.code}`;
    throw new Error(`ffmpeg poster failed (${why}): ${result.stderr.slice(0, 500)}`);
  }
}

/**
 * Whether an ISO base media file (HEIC, AVIF) is whole: its top-level boxes must end exactly at the
 * end of the file. A photo cut off during transfer has a last box (the image data) that claims more
 * bytes than arrived. Reads only the box headers.
 */
export async function isobmffComplete(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let boxes = 0; offset < size && boxes < 10_000; boxes++) {
      const { bytesRead } = await file.read(header, 0, 16, offset);
      if (bytesRead < 8) return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return false;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return true; // "to the end of the file"
      }
      if (boxSize < 8) return false;
      offset += boxSize;
    }
    return offset === size;
  } finally {
    await file.close();
  }
}
