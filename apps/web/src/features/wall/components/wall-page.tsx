import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CalendarX2, Link2Off, WifiOff } from 'lucide-react';
import { wallTokenParam } from '@ani/contract/live';
import { messages } from '@ani/contract/messages';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useSharedTokenPromoted } from '../../../lib/owner-tab';
import { createWallLink } from '../../../lib/wall-link';
import { useWallFeed } from '../use-wall-feed';
import { emptyQueue, wallReducer } from '../wall-queue';
import { Slideshow, type WallTiming } from './slideshow';

const m = messages.wall;

const defaultSlideMs = 8000;

/**
 * `?slideMs=` speeds the wall up or slows it down (bounded); the soak benchmark runs a night's slides in
 * minutes with it. Everything else scales from the slide time, so a fast wall stays consistent.
 */
function timingFrom(params: URLSearchParams): WallTiming {
  const asked = Number(params.get('slideMs'));
  const slideMs =
    Number.isFinite(asked) && asked > 0 ? Math.min(120_000, Math.max(50, asked)) : defaultSlideMs;
  return {
    slideMs,
    cutAfterMs: Math.min(800, slideMs / 4),
    freshMinMs: Math.min(4000, slideMs / 2),
    // Without motion the slides cut; everything else stays the same.
    fadeMs: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : Math.min(1200, slideMs / 4),
  };
}

type TokenState = { token: string | null; denied: boolean; failed: boolean };

/** The venue computer brings `?wall=`; the signed-in owner's tab asks for a token with its session. */
function useWallToken(eventId: string, urlToken: string | null): TokenState & { retry: () => void } {
  // "Duvarı Aç" hands the owner's session over to this new tab (shared_token).
  const promoted = useSharedTokenPromoted();
  const { token: session } = useSession();
  const [state, setState] = useState<TokenState>({ token: null, denied: false, failed: false });
  const [attempt, setAttempt] = useState(0);
  const needLink = !urlToken && session !== null;
  useEffect(() => {
    if (!needLink) return;
    let stale = false;
    createWallLink(eventId).then(
      (link) => !stale && setState({ token: link.token, denied: false, failed: false }),
      (error: unknown) => {
        if (stale) return;
        const denied = error instanceof ApiError && error.kind === 'http' && error.status < 500;
        setState({ token: null, denied, failed: !denied });
      },
    );
    return () => {
      stale = true;
    };
  }, [eventId, needLink, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  if (urlToken) return { token: urlToken, denied: false, failed: false, retry };
  if (!promoted) return { token: null, denied: false, failed: false, retry };
  if (!session) return { token: null, denied: true, failed: false, retry };
  return { ...state, retry };
}

/** /events/{eventId}/wall: the venue's full-screen slideshow, fed live. */
export function WallPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  const timing = useMemo(() => timingFrom(params), [params]);
  const link = useWallToken(eventId, params.get(wallTokenParam));
  const [queue, dispatch] = useReducer(wallReducer, emptyQueue);
  const feed = useWallFeed(eventId, link.token, dispatch);

  useEffect(() => {
    document.title = feed.meta ? `${feed.meta.title} · ${m.action}` : m.action;
  }, [feed.meta]);

  // Told only to a link the server verified: a forged one still reads "not valid" below.
  if (feed.phase === 'gone') {
    return (
      <Notice
        icon={<CalendarX2 aria-hidden className="h-14 w-14 text-brand-300" />}
        title={m.goneTitle}
        text={m.goneText}
      />
    );
  }
  // Likewise told only to a verified link: the couple renewed it, so the venue asks them for the new one.
  if (feed.phase === 'renewed') {
    return (
      <Notice
        icon={<Link2Off aria-hidden className="h-14 w-14 text-brand-300" />}
        title={m.renewedTitle}
        text={m.linkRenewed}
      />
    );
  }
  if (link.denied || feed.phase === 'denied') {
    return (
      <Notice
        icon={<Link2Off aria-hidden className="h-14 w-14 text-brand-300" />}
        title={m.invalidTitle}
        text={m.invalidText}
      />
    );
  }
  if (link.failed || feed.phase === 'failed') {
    return (
      <Notice
        icon={<WifiOff aria-hidden className="h-14 w-14 text-amber-300" />}
        title={m.failedTitle}
        text={m.failedText}
      >
        <button
          type="button"
          onClick={link.failed ? link.retry : feed.retryNow}
          className="mt-8 cursor-pointer rounded-full bg-white px-6 py-3 font-semibold text-stone-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {m.retry}
        </button>
      </Notice>
    );
  }
  if (!link.token || feed.phase === 'loading' || !feed.meta) {
    return (
      <Screen>
        <Spinner label={m.loading} size={10} className="text-white" />
        <p className="mt-4 text-white/70">{m.loading}</p>
      </Screen>
    );
  }
  const uploadUrl = new URL(feed.meta.uploadUrl, window.location.origin).href;
  return (
    <Slideshow
      title={feed.meta.title}
      uploadUrl={uploadUrl}
      autoApprovePhotos={feed.meta.autoApprovePhotos}
      status={feed.status}
      queue={queue}
      dispatch={dispatch}
      timing={timing}
      onMediaFailed={feed.heal}
    />
  );
}

/** A full-screen message in place of the show: why the wall cannot show anything, and what to do. */
function Notice({
  icon,
  title,
  text,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <Screen>
      {icon}
      <h1 className="mt-6 font-display text-[clamp(1.75rem,4vw,3.5rem)] font-semibold">{title}</h1>
      <p className="mt-4 max-w-2xl text-[clamp(1rem,1.8vw,1.5rem)] text-white/80">{text}</p>
      {children}
    </Screen>
  );
}

function Screen({ children }: { children: React.ReactNode }) {
  return (
    <main className="fixed inset-0 flex flex-col items-center justify-center bg-stone-950 bg-[radial-gradient(ellipse_at_center,#2a1f1f_0%,#0c0a09_70%)] p-8 text-center text-white">
      {children}
    </main>
  );
}
