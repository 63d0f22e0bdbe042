/**
 * What `tailwind-merge` resolves to in the guest upload page's own build (scripts/build-plugins.ts):
 * class names joined as they are. Its components never pass a utility that conflicts with one they
 * already have, which the page's tests check (test/class-conflicts.ts), so there is nothing to merge,
 * and the page spares a phone the 20 ms (80 ms on Lighthouse's slow phone) of tailwind-merge's first call.
 */
export function twMerge(...lists: (string | false | null | undefined)[]): string {
  return lists.filter(Boolean).join(' ');
}
