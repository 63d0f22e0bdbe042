import type { ReactNode } from 'react';

// A tiny parametric figure kit: a bride and a groom posed by where their hips, hands and feet are.
// Elbows and knees are solved with two-bone IK, so a pose is described by what the people do
// ("her hand in his", "his arms under her waist") rather than by joint angles.

export type Pt = readonly [number, number];

export interface FigureSpec {
  /** Hip position in scene units (the scene is 240 × 180, standing feet rest on y = 150). */
  hip: Pt;
  /** Torso tilt in degrees; positive leans the shoulders to the right. */
  lean?: number;
  /** Extra head offset from the neck line (nodding, tilting onto a shoulder). */
  head?: Pt;
  /** Where the hands are; a missing hand hangs at the side. */
  hands?: readonly [Pt | null, Pt | null];
  /** Where the feet are; missing feet stand under the hip. */
  feet?: readonly [Pt | null, Pt | null];
  /** Which way the face looks: profile right/left, towards the camera, or away from it. */
  face?: 'right' | 'left' | 'front' | 'back';
  /** Closed eyes (a calm, intimate moment) or an open laugh. */
  mood?: 'calm' | 'laugh';
  /** Bride only: how wide the skirt opens (1 = standing) and whether the veil flies. */
  flare?: number;
  veil?: 'wind';
  /** Seen from behind (looking over the shoulder): the veil falls over the back. */
  turned?: boolean;
  /** Drawn as a dark shape against a bright sky. */
  silhouette?: boolean;
}

const TORSO = 30;
const NECK = 10;
const UPPER_ARM = 14;
const FOREARM = 13;
const THIGH = 17;
const SHIN = 16;

const SKIN = { bride: '#f1c7a6', groom: '#d9a67f' } as const;
const SHADOW = '#1b1426';

function along(p: Pt, deg: number, len: number): Pt {
  const r = (deg * Math.PI) / 180;
  return [p[0] + Math.sin(r) * len, p[1] - Math.cos(r) * len];
}

/** Two-bone IK: the middle joint for a limb from `a` reaching `t`, bending to the `side` (+1/-1). */
function joint(a: Pt, t: Pt, l1: number, l2: number, side: number): Pt {
  const dx = t[0] - a[0];
  const dy = t[1] - a[1];
  const d = Math.min(Math.hypot(dx, dy), l1 + l2 - 0.01);
  const base = Math.atan2(dy, dx);
  const cos = (l1 * l1 + d * d - l2 * l2) / (2 * l1 * d || 1);
  const off = Math.acos(Math.max(-1, Math.min(1, cos))) * side;
  return [a[0] + Math.cos(base + off) * l1, a[1] + Math.sin(base + off) * l1];
}

/** The limb's end, pulled back onto the reachable circle so a hand never detaches from its arm. */
function reach(a: Pt, t: Pt, len: number): Pt {
  const d = Math.hypot(t[0] - a[0], t[1] - a[1]);
  if (d <= len) return t;
  return [a[0] + ((t[0] - a[0]) * len) / d, a[1] + ((t[1] - a[1]) * len) / d];
}

const f = (n: number) => Math.round(n * 10) / 10;
const pts = (...p: Pt[]) => p.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L');

interface Solved {
  hip: Pt;
  neck: Pt;
  head: Pt;
  hands: [Pt, Pt];
  elbows: [Pt, Pt];
  feet: [Pt, Pt];
  knees: [Pt, Pt];
}

function solve(s: FigureSpec): Solved {
  const lean = s.lean ?? 0;
  const neck = along(s.hip, lean, TORSO);
  const top = along(s.hip, lean, TORSO + NECK);
  const head: Pt = [top[0] + (s.head?.[0] ?? 0), top[1] + (s.head?.[1] ?? 0)];
  const shoulder = along(s.hip, lean, TORSO - 3);
  const hands = [0, 1].map((i) =>
    reach(shoulder, s.hands?.[i] ?? [shoulder[0] + (i ? 4 : -4), shoulder[1] + 26], UPPER_ARM + FOREARM),
  ) as [Pt, Pt];
  // Elbows bend outwards and down, knees forwards: the side is picked from where the hand is.
  const elbows = hands.map((h, i) =>
    joint(shoulder, h, UPPER_ARM, FOREARM, h[0] < shoulder[0] === (i === 0) ? -1 : 1),
  ) as [Pt, Pt];
  const feet = [0, 1].map((i) =>
    reach(s.hip, s.feet?.[i] ?? [s.hip[0] + (i ? 4 : -4), s.hip[1] + 33], THIGH + SHIN),
  ) as [Pt, Pt];
  const knees = feet.map((ft) => joint(s.hip, ft, THIGH, SHIN, ft[0] >= s.hip[0] ? -1 : 1)) as [Pt, Pt];
  return { hip: s.hip, neck, head, hands, elbows, feet, knees };
}

function Face({
  at,
  face,
  mood,
  skin,
}: {
  at: Pt;
  face: FigureSpec['face'];
  mood: FigureSpec['mood'];
  skin: string;
}) {
  const [x, y] = at;
  const ink = '#3b2a22';
  if (face === 'back') return null;
  const eyes = face === 'front' ? [-2.6, 2.6] : face === 'left' ? [-3.2] : [3.2];
  return (
    <g stroke={ink} fill="none" strokeLinecap="round" strokeWidth=".9">
      {eyes.map((e) =>
        mood === 'calm' ? (
          <path key={e} d={`M${f(x + e - 1.2)} ${f(y)} q1.2 1 2.4 0`} />
        ) : (
          <circle key={e} cx={f(x + e)} cy={f(y)} r=".5" fill={ink} />
        ),
      )}
      {face === 'front' ? (
        mood === 'laugh' ? (
          <path d={`M${f(x - 2.2)} ${f(y + 2.6)} q2.2 3.4 4.4 0 z`} fill="#8a2c3a" />
        ) : (
          <path d={`M${f(x - 1.8)} ${f(y + 3)} q1.8 1.4 3.6 0`} />
        )
      ) : (
        <>
          <path
            d={`M${f(x + (face === 'left' ? -6.5 : 6.5))} ${f(y + 0.5)} l${face === 'left' ? -1.2 : 1.2} 1.6 l${face === 'left' ? 1.2 : -1.2} .4`}
            fill={skin}
            strokeWidth=".6"
          />
          {mood === 'laugh' ? (
            <path d={`M${f(x + (face === 'left' ? -5.5 : 2.5))} ${f(y + 3)} q1.5 2 3 0z`} fill="#8a2c3a" />
          ) : null}
        </>
      )}
    </g>
  );
}

function Limb({
  from,
  mid,
  to,
  width,
  colour,
}: {
  from: Pt;
  mid: Pt;
  to: Pt;
  width: number;
  colour: string;
}) {
  return (
    <path
      d={`M${pts(from, mid, to)}`}
      stroke={colour}
      strokeWidth={width}
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  );
}

export function Bride({ spec, children }: { spec: FigureSpec; children?: ReactNode }) {
  const s = solve(spec);
  const sil = spec.silhouette;
  const skin = sil ? SHADOW : SKIN.bride;
  const white = sil ? SHADOW : '#fffaf5';
  const hair = sil ? SHADOW : '#6b4226';
  const lean = spec.lean ?? 0;
  const waist = along(s.hip, lean, 8);
  const shoulderL = along(s.neck, lean - 90, 5);
  const shoulderR = along(s.neck, lean + 90, 5);
  // The hem follows the feet, so a seated, kneeling or jumping bride keeps a believable skirt.
  const flare = spec.flare ?? 1;
  const lowY = Math.max(s.feet[0][1], s.feet[1][1], s.knees[0][1], s.knees[1][1]);
  const xs = [s.feet[0][0], s.feet[1][0], s.knees[0][0], s.knees[1][0]];
  const hemL = Math.min(...xs) - 9 * flare;
  const hemR = Math.max(...xs) + 9 * flare;
  const hemMid = (hemL + hemR) / 2;
  const face = spec.face ?? 'front';
  const back = face === 'left' ? 1 : face === 'right' ? -1 : 0;
  const [hx, hy] = s.head;
  const veil =
    spec.veil === 'wind'
      ? `M${f(hx + back * 4)} ${f(hy - 6)} C${f(hx + 40)} ${f(hy - 30)} ${f(hx + 70)} ${f(hy + 10)} ${f(hx + 96)} ${f(hy - 4)} C${f(hx + 70)} ${f(hy + 30)} ${f(hx + 30)} ${f(hy + 10)} ${f(hx + back * 6)} ${f(hy + 4)}Z`
      : `M${f(hx + back * 5)} ${f(hy - 6)} Q${f(hx + back * 14 - 2)} ${f(hy + 14)} ${f(hx + back * 10 - 6)} ${f(hy + 42)} L${f(hx + back * 3)} ${f(hy + 30)}Z`;
  const veilPath = (
    <path
      d={veil}
      fill={sil ? SHADOW : '#ffffff'}
      opacity={sil ? 0.8 : 0.55}
      data-part={spec.veil === 'wind' ? 'veil-wind' : 'veil'}
    />
  );
  return (
    <g data-part="bride" data-foot-y={f(Math.max(s.feet[0][1], s.feet[1][1]))}>
      {spec.turned ? null : veilPath}
      {[0, 1].map((i) => (
        <Limb key={i} from={s.hip} mid={s.knees[i]!} to={s.feet[i]!} width={3} colour={skin} />
      ))}
      <path
        d={`M${pts(waist)} Q${f(hemL + 4)} ${f((waist[1] + lowY) / 2)} ${f(hemL)} ${f(lowY + 2)} Q${f(hemMid)} ${f(lowY + 2 + 4 * flare)} ${f(hemR)} ${f(lowY + 2)} Q${f(hemR - 4)} ${f((waist[1] + lowY) / 2)} ${pts(waist)}Z`}
        fill={white}
        stroke={sil ? 'none' : '#e4d3c6'}
        strokeWidth=".8"
        data-part="gown"
      />
      <path
        d={`M${pts(shoulderL, shoulderR, along(s.hip, lean + 25, 7), along(s.hip, lean - 25, 7))}Z`}
        fill={white}
      />
      {[0, 1].map((i) => (
        <Limb
          key={i}
          from={along(s.neck, lean + (i ? 90 : -90), 4)}
          mid={s.elbows[i]!}
          to={s.hands[i]!}
          width={2.6}
          colour={skin}
        />
      ))}
      {spec.turned ? (
        <>
          {/* Seen from behind: the gown's row of buttons down the back, then the veil over it. */}
          {[6, 11, 16, 21].map((d) => {
            const [bx, by] = along(s.hip, lean, d + 2);
            return <circle key={d} cx={f(bx)} cy={f(by)} r=".9" fill="#d8c3b3" data-part="back-buttons" />;
          })}
          {veilPath}
        </>
      ) : null}
      <path d={`M${pts(s.neck, s.head)}`} stroke={skin} strokeWidth="3.4" />
      <circle cx={f(hx)} cy={f(hy)} r="7" fill={skin} />
      {face === 'back' ? (
        <circle cx={f(hx)} cy={f(hy)} r="7.2" fill={hair} />
      ) : (
        <path
          d={`M${f(hx - 7.3)} ${f(hy + 1)} Q${f(hx - 7)} ${f(hy - 8.5)} ${f(hx)} ${f(hy - 8)} Q${f(hx + 7)} ${f(hy - 8.5)} ${f(hx + 7.3)} ${f(hy + 1)} Q${f(hx + 3 * back)} ${f(hy - 5)} ${f(hx - 7.3)} ${f(hy + 1)}Z`}
          fill={hair}
        />
      )}
      <circle cx={f(hx + back * 7 || hx)} cy={f(hy - (back ? 3 : 8))} r="3.4" fill={hair} />
      {sil ? null : <Face at={[hx, hy]} face={face} mood={spec.mood} skin={skin} />}
      {children}
    </g>
  );
}

export function Groom({ spec, children }: { spec: FigureSpec; children?: ReactNode }) {
  const s = solve(spec);
  const sil = spec.silhouette;
  const skin = sil ? SHADOW : SKIN.groom;
  const suit = sil ? SHADOW : '#262a40';
  const lean = spec.lean ?? 0;
  const face = spec.face ?? 'front';
  const [hx, hy] = s.head;
  const back = face === 'left' ? 1 : face === 'right' ? -1 : 0;
  return (
    <g data-part="groom" data-foot-y={f(Math.max(s.feet[0][1], s.feet[1][1]))}>
      {[0, 1].map((i) => (
        <Limb
          key={i}
          from={s.hip}
          mid={s.knees[i]!}
          to={s.feet[i]!}
          width={5}
          colour={sil ? SHADOW : '#1d2033'}
        />
      ))}
      <path
        d={`M${pts(along(s.neck, lean - 90, 7), along(s.neck, lean + 90, 7), along(s.hip, lean + 90, 6), along(s.hip, lean - 90, 6))}Z`}
        fill={suit}
        stroke={sil ? 'none' : '#4a5078'}
        strokeWidth=".8"
      />
      {sil || face === 'back' ? null : (
        <>
          <path
            d={`M${pts(along(s.neck, lean - 90, 2.6), along(s.neck, lean + 180, 9), along(s.neck, lean + 90, 2.6))}Z`}
            fill="#f5f1ea"
          />
          <path
            d={`M${pts(along(along(s.neck, lean + 180, 1.5), lean - 90, 2.6), along(along(s.neck, lean + 180, 1.5), lean + 90, 2.6))}`}
            stroke="#a3193b"
            strokeWidth="1.8"
          />
        </>
      )}
      {[0, 1].map((i) => (
        <g key={i}>
          <Limb
            from={along(s.neck, lean + (i ? 90 : -90), 5)}
            mid={s.elbows[i]!}
            to={s.hands[i]!}
            width={4.2}
            colour={suit}
          />
          <circle cx={f(s.hands[i]![0])} cy={f(s.hands[i]![1])} r="2" fill={skin} />
        </g>
      ))}
      <path d={`M${pts(s.neck, s.head)}`} stroke={skin} strokeWidth="3.6" />
      <circle cx={f(hx)} cy={f(hy)} r="7" fill={skin} />
      <path
        d={
          face === 'back'
            ? `M${f(hx - 7.2)} ${f(hy + 2)} Q${f(hx - 7.5)} ${f(hy - 8.5)} ${f(hx)} ${f(hy - 8)} Q${f(hx + 7.5)} ${f(hy - 8.5)} ${f(hx + 7.2)} ${f(hy + 2)} Q${f(hx)} ${f(hy + 5)} ${f(hx - 7.2)} ${f(hy + 2)}Z`
            : `M${f(hx - 7.4)} ${f(hy - 1 + back * 2)} Q${f(hx - 7)} ${f(hy - 8.6)} ${f(hx)} ${f(hy - 8.2)} Q${f(hx + 7)} ${f(hy - 8.6)} ${f(hx + 7.4)} ${f(hy - 1 - back * 2)} Q${f(hx + back * 4)} ${f(hy - 5.5)} ${f(hx - 7.4)} ${f(hy - 1 + back * 2)}Z`
        }
        fill={sil ? SHADOW : '#2f1e14'}
      />
      {sil ? null : <Face at={[hx, hy]} face={face} mood={spec.mood} skin={skin} />}
      {children}
    </g>
  );
}
