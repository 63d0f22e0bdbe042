import type * as TailwindMerge from 'tailwind-merge';
import { vi } from 'vitest';

/**
 * The guest upload page's own build joins class names without tailwind-merge (decision 0117): its first
 * call builds a table of every Tailwind utility, a long task on a slow phone. A test file that renders the
 * page mocks `tailwind-merge` with `recordingTwMerge`, which joins as that build does and keeps each
 * result; `conflictingClassLists` then names every result in which a later utility would have had to
 * override an earlier one (`h-6 … h-8`), which only tailwind-merge would have resolved.
 */
const joined = new Set<string>();

export function recordingTwMerge(...lists: (string | false | null | undefined)[]): string {
  const classes = lists.filter(Boolean).join(' ');
  joined.add(classes);
  return classes;
}

export function recordedClassLists(): number {
  return joined.size;
}

export async function conflictingClassLists(): Promise<string[]> {
  // The real one: the test file has replaced `tailwind-merge` with recordingTwMerge.
  const { twMerge } = await vi.importActual<typeof TailwindMerge>('tailwind-merge');
  const normal = (classes: string) => classes.split(/\s+/).filter(Boolean).join(' ');
  return [...joined].filter((classes) => normal(twMerge(classes)) !== normal(classes));
}
