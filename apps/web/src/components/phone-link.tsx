import type { ReactNode } from 'react';
import { toE164TurkishMobile } from '@ani/contract/text';
import { cn } from '../lib/cn';

/**
 * A guest's number as the page prints it (`children`), which a phone (or a computer with a dialler)
 * calls when tapped. It reads like the text around it: no colour of its own, an underline on hover,
 * and the page's focus outline (rounded here) for the keyboard. The number is its name, so what is
 * said is what is shown. A number that is not a Turkish mobile has no reliable dialling form and
 * stays plain text. Shared by the guest list and the WhatsApp conversation.
 */
export function PhoneLink({
  phone,
  children,
  className,
}: {
  phone: string;
  children: ReactNode;
  className?: string;
}) {
  const e164 = toE164TurkishMobile(phone);
  if (!e164) return children;
  return (
    <a href={`tel:${e164}`} className={cn('rounded-sm underline-offset-2 hover:underline', className)}>
      {children}
    </a>
  );
}
