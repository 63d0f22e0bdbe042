import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { clearOfStickyBars } from './focus-clearance';

/**
 * The selection checkbox in a tile's top-left corner, shared by the album grid and the approval list:
 * a visually hidden native checkbox (keyboard and screen readers get a real one) inside a 32 px box.
 */
export function TileSelectBox({
  label,
  selected,
  onToggle,
  describedBy,
}: {
  /** Names the item, e.g. "Fotoğraf 3"; the checkbox reads "<label> seç". */
  label: string;
  /** The id of the text that says whose item it is, where the tile shows one. */
  describedBy?: string;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <label
      className={cn(
        // The box stays 32 px; its ::before makes the target 44 px, and the hidden input's focus shows on it.
        'absolute top-2 left-2 flex h-8 w-8 cursor-pointer items-center justify-center rounded-md border-2 shadow before:absolute before:-inset-1.5 before:content-[""] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-white',
        selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-white bg-black/30 text-transparent',
      )}
    >
      <input
        type="checkbox"
        className="sr-only"
        checked={selected}
        onChange={onToggle}
        aria-label={`${label} seç`}
        aria-describedby={describedBy}
        style={clearOfStickyBars}
      />
      <Check aria-hidden className="h-5 w-5" />
    </label>
  );
}
