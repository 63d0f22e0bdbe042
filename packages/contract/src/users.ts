import { z } from 'zod';
import { limits } from './limits.ts';
import { messages as m } from './messages.ts';
import { cleanLine } from './text.ts';
import { turkishMobileSchema } from './phone.ts';

const a = m.auth;

/** Server-side password rule; the register dialog shows the same rules as a live checklist. */
export const passwordSchema = z
  .string({ error: a.passwordRules })
  .min(limits.passwordMinLength, a.passwordMin)
  .max(limits.passwordMaxLength, a.passwordMax)
  .regex(/\p{Lu}/u, a.passwordUpper)
  .regex(/\p{Ll}/u, a.passwordLower)
  .regex(/\d/, a.passwordDigit);

/** The checklist the register dialog shows, in the order the dialog checks them. */
export const passwordChecks = [
  { message: a.passwordMin, test: (p: string) => p.length >= limits.passwordMinLength },
  { message: a.passwordUpper, test: (p: string) => /\p{Lu}/u.test(p) },
  { message: a.passwordLower, test: (p: string) => /\p{Ll}/u.test(p) },
  { message: a.passwordDigit, test: (p: string) => /\d/.test(p) },
] as const;

export const usernameSchema = z
  .string({ error: a.usernameRequired })
  .transform(cleanLine)
  .pipe(z.string().min(2, a.usernameRequired).max(limits.usernameMaxLength, a.usernameTooLong));

export const emailSchema = z
  .string({ error: a.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email(a.emailInvalid).max(limits.emailMaxLength, a.emailInvalid));

export const phoneSchema = turkishMobileSchema({ invalid: a.phoneInvalid });

export const registerInput = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  phoneNumber: phoneSchema,
});
export type RegisterInput = z.input<typeof registerInput>;

/** `email` carries an e-mail address or a username, as the login dialog's single field does. */
export const loginInput = z.object({
  email: z.string({ error: a.loginIdentifierRequired }).trim().min(1, a.loginIdentifierRequired).max(254),
  password: z.string({ error: a.passwordRequired }).min(1, a.passwordRequired).max(limits.passwordMaxLength),
});
export type LoginInput = z.input<typeof loginInput>;

export const authResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  message: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const publicUser = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  pendingEmail: z.string().nullable(),
  /** Set while a confirmed account deletion waits out its grace period (the host can still cancel). */
  deletionScheduledAt: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const updateProfileInput = z
  .object({
    username: usernameSchema.optional(),
    email: emailSchema.optional(),
    phoneNumber: phoneSchema.optional(),
    currentPassword: z.string().max(limits.passwordMaxLength).optional(),
    newPassword: passwordSchema.optional(),
  })
  .refine((v) => !v.newPassword || !!v.currentPassword, {
    message: a.currentPasswordRequired,
    path: ['currentPassword'],
  })
  // Whoever holds only a stolen session must not be able to move the account to their own address.
  .refine((v) => !v.email || !!v.currentPassword, {
    message: a.currentPasswordForEmail,
    path: ['currentPassword'],
  });
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const profileResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: publicUser,
});
export type ProfileResponse = z.infer<typeof profileResponse>;

export const emailOnlyInput = z.object({ email: emailSchema });
export type EmailOnlyInput = z.input<typeof emailOnlyInput>;

export const resetPasswordInput = z.object({
  token: z.string().min(1).max(200),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * Where links opened from an e-mail land, with what became of them: `/?hesap=<result>`. The account
 * links (activation, e-mail change, deletion) always do; a signed file or album ZIP link only when it
 * is refused (`file-link-invalid`: expired, cut short or forged; `file-gone`: its file no longer exists).
 */
export const accountLinkResults = [
  'activated',
  'already-active',
  'expired',
  'invalid',
  'email-changed',
  'deletion-scheduled',
  'email-change-cancelled',
  /** A used, expired or withdrawn link from the profile's mails (e-mail change, account deletion). */
  'profile-link-invalid',
  'file-link-invalid',
  'file-gone',
  'album-empty',
] as const;
export type AccountLinkResult = (typeof accountLinkResults)[number];
export const accountLinkParam = 'hesap';

/** "Hesabımı Sil" asks for the password before the confirmation e-mail goes out. */
export const accountDeletionInput = z.object({
  password: z
    .string({ error: m.auth.passwordRequired })
    .min(1, m.auth.passwordRequired)
    .max(128, m.auth.passwordWrong),
});
export type AccountDeletionInput = z.input<typeof accountDeletionInput>;
