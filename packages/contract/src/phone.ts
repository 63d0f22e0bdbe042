import { z } from 'zod';
import { toE164TurkishMobile } from './text.ts';

/** Any spelling of a Turkish mobile number, answered in E.164 (+905XXXXXXXXX); hosts and guests alike. */
export function turkishMobileSchema(message: { invalid: string; required?: string }) {
  const required = message.required ?? message.invalid;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(30, message.invalid)
    .transform((v, ctx) => {
      const e164 = toE164TurkishMobile(v);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: message.invalid });
        return z.NEVER;
      }
      return e164;
    });
}
