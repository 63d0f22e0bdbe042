// Types only: the addon itself loads on first use (below).
import type * as Argon2 from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2): OWASP's recommended minimum. Its native addon
// (~3 MB resident) loads with the first password anyone types, not at start: a server can stand idle
// for hours before that (decision 0123).
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

export const hashPassword = async (password: string) => (await loadArgon2()).hash(password);

export const verifyPassword = async (passwordHash: string, password: string) =>
  (await loadArgon2()).verify(passwordHash, password);
