import { spawn } from 'node:child_process';

let ffmpegAvailable: Promise<boolean> | null = null;

function run(command: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (error) => resolve({ code: -1, stderr: error.message }));
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

/** Whether ffmpeg can be run here (checked once per process; the server works without it). */
export function hasFfmpeg(command = 'ffmpeg'): Promise<boolean> {
  ffmpegAvailable ??= run(command, ['-hide_banner', '-version']).then((r) => r.code === 0);
  return ffmpegAvailable;
}

/**
 * Writes a representative early frame of the video as PNG. ffmpeg's `thumbnail` filter picks the
 * most typical of the first frames, which avoids black fade-in frames as posters.
 */
export async function extractPosterFrame(videoPath: string, outPath: string, command = 'ffmpeg'): Promise<void> {
  const result = await run(command, [
    '-hide_banner', '-v', 'error', '-nostdin', '-y',
    '-i', videoPath,
    '-vf', 'thumbnail=30',
    '-frames:v', '1',
    '-f', 'image2', '-c:v', 'png',
    outPath,
  ]);
  if (result.code !== 0) throw new Error(`ffmpeg poster failed (${result.code}): ${result.stderr.slice(0, 500)}`);
}
