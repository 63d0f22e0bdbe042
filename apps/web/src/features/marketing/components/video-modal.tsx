import { useRef, useState } from 'react';
import { Dialog as D } from 'radix-ui';
import { Pause, Play, X } from 'lucide-react';
import { useFocusReturn } from '../../../components/ui/focus-return';

/**
 * Full-screen "Nasıl Çalışır?" player: autoplay, loop, pause and play, close. The clip has no sound,
 * so one button is all the control it needs; the browser's own controls would keep Escape to
 * themselves once the keyboard is inside them, and the dialog would no longer close with it.
 */
export function VideoModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const focusReturn = useFocusReturn();
  const video = useRef<HTMLVideoElement>(null);
  // Follows the video's own events: autoplay starts only once enough is buffered (and a phone saving
  // data may not start it at all), so until then the button offers to play.
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const player = video.current;
    if (!player) return;
    if (player.paused) void player.play().catch(() => undefined);
    else player.pause();
  };
  const control = 'cursor-pointer rounded-full bg-white/15 p-2 text-white hover:bg-white/30';
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/90 data-[state=open]:animate-fade-in" />
        <D.Content
          {...focusReturn}
          aria-describedby={undefined}
          // The dark area around the video is the dialog's own: a tap there closes it, as outside would.
          onClick={(event) => event.target === event.currentTarget && onOpenChange(false)}
          className="fixed inset-0 z-50 flex items-center justify-center p-3 outline-none sm:p-10"
        >
          <D.Title className="sr-only">Anı Kutusu nasıl çalışır?</D.Title>
          <div className="relative w-full max-w-5xl">
            <video
              ref={video}
              // Not a stop of its own: the button below is its control. (Chromium reports a video as
              // tabbable, so the dialog's Tab loop would try it, fail, and stay on the close button.)
              tabIndex={-1}
              className="max-h-[85dvh] w-full cursor-pointer rounded-xl bg-black shadow-2xl"
              autoPlay
              loop
              muted
              playsInline
              poster="/video/nasil-calisir-poster.webp"
              onClick={toggle}
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
            >
              <source src="/video/nasil-calisir.webm" type="video/webm" />
              <source src="/video/nasil-calisir.mp4" type="video/mp4" />
              Tarayıcınız video oynatmayı desteklemiyor.
            </video>
            <button
              type="button"
              onClick={toggle}
              aria-label={playing ? 'Videoyu duraklat' : 'Videoyu oynat'}
              className={`${control} absolute bottom-3 left-3`}
            >
              {playing ? <Pause aria-hidden className="h-6 w-6" /> : <Play aria-hidden className="h-6 w-6" />}
            </button>
          </div>
          <D.Close
            aria-label="Videoyu kapat"
            className={`${control} absolute top-3 right-3 sm:top-5 sm:right-5`}
          >
            <X aria-hidden className="h-6 w-6" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
