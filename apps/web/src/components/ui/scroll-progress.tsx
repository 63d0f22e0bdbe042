import { useEffect, useState } from 'react';

/** Thin bar at the very top showing how far the page is scrolled (shown on every page). */
export function ScrollProgress() {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      setProgress(max > 0 ? Math.min(1, window.scrollY / max) : 0);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return (
    // Above the sticky headers (z-40) but under every overlay (dialogs and the lightbox are z-50): it
    // measures the page, so it must not draw over a dialog's dimmed backdrop or a full-screen photo.
    <div
      aria-hidden
      data-testid="scroll-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[45] h-1"
    >
      <div
        className="h-full origin-left bg-gradient-to-r from-brand-500 via-brand-600 to-gold-500"
        style={{ transform: `scaleX(${progress})` }}
      />
    </div>
  );
}
