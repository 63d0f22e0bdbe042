import { useRef, useState, type DragEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../lib/use-media-query';

// image/* and video/* let iOS offer the photo library (HEIC included, which Safari may convert to JPEG);
// the explicit extensions help browsers that leave HEIC or MOV without a MIME type.
const accept = 'image/*,video/*,.heic,.heif,.mov,.mp4,.m4v,.webm';

/** The picker's id: its label points at it, and the focus returns to it when the last chosen file is removed. */
export const pickerId = 'upload-files';

/**
 * Whether the guest taps (a phone, a tablet) rather than clicks: a coarse pointer. The page's words follow
 * it, here and in its messages ("dokunun" / "tıklayın").
 */
export const useTouchPointer = () => useMediaQuery('(pointer: coarse)');

/** Tap to open the picker, or drop files on it (desktop). */

export function DropZone({
  disabled,
  onFiles,
}: {
  disabled?: boolean;
  onFiles: (files: File[], source: 'picker' | 'drop') => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // A phone is tapped and has no files to drag; a computer is clicked and can drop files here.
  const touch = useTouchPointer();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length) onFiles(files, 'drop');
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        // The input itself is visually hidden; its focus shows on the whole zone for keyboard users.
        'relative rounded-2xl border-2 border-dashed bg-white transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-brand-200',
        disabled && 'opacity-60',
      )}
    >
      <label
        htmlFor={pickerId}
        className={cn(
          'flex min-h-36 flex-col items-center justify-center gap-2 p-6 text-center',
          disabled ? 'cursor-not-allowed' : 'cursor-pointer',
        )}
      >
        <ImagePlus aria-hidden className="h-10 w-10 text-brand-600" />
        <span className="text-base font-semibold text-stone-900">Fotoğraf veya video seçin</span>
        <span className="text-sm text-stone-600">
          {touch
            ? 'Dokunarak galerinizden seçin.'
            : 'Tıklayarak bilgisayarınızdan seçin ya da dosyaları buraya sürükleyin.'}{' '}
          En fazla 10 fotoğraf, 3 video, toplam 100 MB.
        </span>
      </label>
      <input
        ref={input}
        id={pickerId}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        className="sr-only"
        // A button to screen readers, which expect Enter to press it; a file input only answers Space.
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          e.currentTarget.click();
        }}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Reset so choosing the same file again after removing it still fires a change.
          e.target.value = '';
          if (files.length) onFiles(files, 'picker');
        }}
      />
    </div>
  );
}
