import { useEffect, useState } from 'react';
import { limits } from '@ani/contract/limits';
import { cn } from '../../../lib/cn';

const [showLogoMs, showTextMs, doneMs] = limits.introAnimationStepsMs;

/**
 * The ~3.5 s logo intro: the logo appears at 500 ms, the name at 2000 ms, and at 3500 ms `onDone`
 * fires. Any key or click skips it.
 */
export function IntroAnimation({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timers = [
      setTimeout(() => setStep(1), showLogoMs),
      setTimeout(() => setStep(2), showTextMs),
      setTimeout(onDone, doneMs),
    ];
    const skip = () => onDone();
    window.addEventListener('keydown', skip);
    return () => {
      timers.forEach(clearTimeout);
      window.removeEventListener('keydown', skip);
    };
  }, [onDone]);

  return (
    <div
      role="dialog"
      aria-label="Anı Kutusu açılış animasyonu"
      data-testid="intro-animation"
      data-step={step}
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center bg-stone-950"
      onClick={onDone}
    >
      <img
        src="/logo.png"
        alt=""
        width={120}
        height={120}
        className={cn(
          'h-28 w-28 rounded-full bg-white/95 p-2 shadow-[0_0_60px_rgba(224,64,95,0.45)] transition-all duration-1000',
          step >= 1 ? 'scale-100 opacity-100' : 'scale-75 opacity-0',
        )}
      />
      <p
        className={cn(
          'mt-6 font-display text-4xl font-semibold text-white transition-all duration-1000',
          step >= 2 ? 'translate-y-0 opacity-100' : 'translate-y-3 opacity-0',
        )}
      >
        Anı Kutusu
      </p>
      <p
        className={cn(
          'mt-2 text-sm text-stone-400 transition-opacity duration-700',
          step >= 2 ? 'opacity-100' : 'opacity-0',
        )}
      >
        Düğün paneliniz hazırlanıyor
      </p>
      <button
        type="button"
        onClick={onDone}
        className="absolute right-5 bottom-6 cursor-pointer rounded-lg px-3 py-2 text-sm text-stone-300 hover:bg-stone-800"
      >
        Geç
      </button>
    </div>
  );
}
