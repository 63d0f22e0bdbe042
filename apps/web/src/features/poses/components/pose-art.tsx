import { useId } from 'react';
import type { Pose, PoseCategory } from '../poses';
import { Bride, Groom } from './pose-figure';
import { Bouquet } from './pose-props';
import { scenes, type Scene } from './pose-scenes';

// Muted evening tones per category (sky top, sky bottom, ground) so the cards sit well on the dark dashboard.
const palettes: Record<PoseCategory, readonly [string, string, string]> = {
  Romantik: ['#3b2340', '#8a4a63', '#2b1a2e'],
  Dramatik: ['#141629', '#2c2446', '#1a1726'],
  Doğal: ['#23352f', '#6f8f6a', '#1f2e25'],
  Hareketli: ['#3a2a48', '#b0687a', '#2a1f33'],
  Portre: ['#2c2838', '#5e5470', '#241f2e'],
  Detay: ['#2b2624', '#5a4a44', '#221d1b'],
};

function Couple({ scene }: { scene: Scene }) {
  const bride = scene.bride ? <Bride spec={scene.bride} /> : null;
  const groom = scene.groom ? <Groom spec={scene.groom} /> : null;
  return (
    <>
      {scene.groomBehind ? groom : bride}
      {scene.groomBehind ? bride : groom}
      {scene.bouquet ? <Bouquet at={scene.bouquet.at} k={scene.bouquet.k} /> : null}
    </>
  );
}

/**
 * The pose drawn as a small scene: the couple posed by the kit in pose-figure, plus the props that
 * make the pose recognisable. Decorative for screen readers: the card names and describes the pose.
 */
export function PoseArt({ pose }: { pose: Pose }) {
  const scene = scenes[pose.name] ?? {};
  const [top, bottom, ground] = scene.sky ?? palettes[pose.category];
  const id = useId().replace(/:/g, '');
  // Full-length figures are small on a card; frame them as a medium shot unless a tall prop needs the room.
  const { k, at } = scene.zoom ?? (scene.wide ? { k: 1.15, at: [120, 96] } : { k: 1.4, at: [120, 106] });
  const zoom = `translate(120 90) scale(${k}) translate(${-at[0]} ${-at[1]})`;
  return (
    <svg
      viewBox="0 0 240 180"
      aria-hidden="true"
      focusable="false"
      className="h-full w-full"
      data-pose={pose.name}
    >
      <defs>
        <linearGradient id={`s${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
        {scene.reflect ? (
          <clipPath id={`m${id}`}>
            <rect x="130" y="32" width="52" height="92" rx="26" />
          </clipPath>
        ) : null}
      </defs>
      <rect width="240" height="180" fill={`url(#s${id})`} />
      {scene.detail ?? (
        <g transform={zoom}>
          <rect y="150" width="240" height="40" fill={ground} />
          {scene.back}
          {scene.reflect ? (
            <g clipPath={`url(#m${id})`} opacity=".6" data-part="reflection">
              <g transform="translate(260 0) scale(-1 1)">
                <Couple scene={scene} />
              </g>
            </g>
          ) : null}
          <Couple scene={scene} />
          {scene.front}
        </g>
      )}
    </svg>
  );
}
