import type { ComponentProps } from 'react';
import { Accordion as A } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';

export const Accordion = A.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof A.Item>) {
  return <A.Item className={cn('border-b border-stone-200', className)} {...props} />;
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof A.Trigger>) {
  return (
    <A.Header className="flex">
      <A.Trigger
        className={cn(
          'group flex flex-1 cursor-pointer items-center justify-between gap-4 py-4 text-left font-medium text-stone-900 hover:text-brand-700',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          aria-hidden
          className="h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180"
        />
      </A.Trigger>
    </A.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof A.Content>) {
  return (
    <A.Content className="overflow-hidden text-stone-700" {...props}>
      <div className={cn('pb-4 leading-relaxed', className)}>{children}</div>
    </A.Content>
  );
}
