import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { useFocusReturn } from '../../../components/ui/focus-return';

/** Full-screen "Nasıl Çalışır?" player: autoplay, loop, controls, close. */
export function VideoModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const focusReturn = useFocusReturn();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/90 data-[state=open]:animate-fade-in" />
        <D.Content
          {...focusReturn}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex items-center justify-center p-3 outline-none sm:p-10"
        >
          <D.Title className="sr-only">Anı Kutusu nasıl çalışır?</D.Title>
          <video
            className="max-h-full w-full max-w-5xl rounded-xl bg-black shadow-2xl"
            autoPlay
            loop
            controls
            playsInline
            poster="/video/nasil-calisir-poster.webp"
          >
            <source src="/video/nasil-calisir.webm" type="video/webm" />
            <source src="/video/nasil-calisir.mp4" type="video/mp4" />
            Tarayıcınız video oynatmayı desteklemiyor.
          </video>
          <D.Close
            aria-label="Videoyu kapat"
            className="absolute top-3 right-3 cursor-pointer rounded-full bg-white/15 p-2 text-white hover:bg-white/30 sm:top-5 sm:right-5"
          >
            <X aria-hidden className="h-6 w-6" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
