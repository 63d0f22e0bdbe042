import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** The guest pages' search box: a magnifier inside the field, and the label repeated as its placeholder. */
export function GuestSearch({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={`${label}...`}
        className="pl-9"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
