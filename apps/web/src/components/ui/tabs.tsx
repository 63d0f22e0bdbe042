import type { ComponentProps } from 'react';
import { Tabs as T } from 'radix-ui';
import { cn } from '../../lib/cn';

export const Tabs = T.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return <T.List className={cn('flex gap-1 rounded-xl bg-brand-50 p-1', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        // At least 44 px tall on touch screens, the size a thumb can hit.
        'flex-1 cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-stone-600 transition-colors max-sm:min-h-11',
        'hover:text-brand-800 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  // The panel takes focus from the keyboard (Tab after the tab list): it shows where focus went.
  return (
    <T.Content
      className={cn(
        'rounded-lg pt-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2',
        className,
      )}
      {...props}
    />
  );
}
