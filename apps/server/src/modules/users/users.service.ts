import { randomUUID } from 'node:crypto';
import { messages } from '@ani/contract/messages';
import { turkishFold } from '@ani/contract/text';
import type { AuthUser, SessionLookup } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { accountPair, type LoginGuard } from './login-guard.ts';
import type { MailLimits } from './mail-budgets.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { UsersRepository } from './users.repository.ts';
import { hashToken, newToken } from './users.tokens.ts';

const a = messages.auth;

// A fixed hash lets unknown accounts cost the same time as known ones. Made by the first sign-in,
// before its account is looked up, so that one too costs the same whether the account exists.
let dummyHashMade: Promise<string> | undefined;
const dummyHash = () => (dummyHashMade ??= hashPassword('timing-equaliser-Password1'));

/**
 * Sign-in and mail budgets. Mail limits count per client address, per target address and per
 * account, so neither one address nor one account can turn our mail into a flood.
 */
export type AuthLimits = MailLimits & {
  loginPerIp: number;
  /** Consecutive wrong passwords of one (account, address) pair before each try must wait. */
  loginFreeFailures: number;
  registerPerIp: number;
};
export const defaultAuthLimits: AuthLimits = {
  loginPerIp: 30,
  loginFreeFailures: 5,
  registerPerIp: 10,
  mailPerIp: 10,
  mailPerTarget: 5,
  mailPerUser: 5,
};

/**
 * Sign-in and the sessions it opens: every request's Bearer token is resolved here. Registration
 * opens its first session through `startSession` as well.
 */
export function createUsersService(deps: {
  repository: UsersRepository;
  sessionTtlMs: number;
  /** Shared with every other password check of the app (see login-guard.ts). */
  loginGuard: LoginGuard;
}) {
  const { repository, sessionTtlMs, loginGuard } = deps;

  const startSession = async (userId: string) => {
    const token = newToken();
    await repository.insertSession({
      id: randomUUID(),
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + sessionTtlMs),
    });
    return token;
  };

  return {
    startSession,

    async login(identifier: string, password: string, ip: string) {
      await loginGuard.countTry(ip);
      const unknownAccountHash = await dummyHash();
      const identifierKey = identifier.includes('@')
        ? identifier.trim().toLowerCase()
        : turkishFold(identifier);
      const user = identifier.includes('@')
        ? await repository.findByEmail(identifierKey)
        : await repository.findByUsernameKey(identifierKey);
      // One pair per account and client address, whichever name the account is tried by.
      const pair = user ? accountPair(user.id, ip) : `unknown:${identifierKey}|${ip}`;
      await loginGuard.check(pair);
      const valid = await verifyPassword(user?.passwordHash ?? unknownAccountHash, password);
      if (!user || !valid) {
        await loginGuard.failed(pair);
        throw new AppError(ErrorCode.UNAUTHORIZED, a.wrongCredentials);
      }
      await loginGuard.succeeded(pair, ip);
      if (!user.activatedAt) throw new AppError(ErrorCode.NOT_ACTIVATED, a.notActivated);
      const token = await startSession(user.id);
      return { token, userId: user.id, username: user.username, email: user.email };
    },

    async logout(actor: AuthUser) {
      await repository.revokeSession(actor.sessionId);
    },

    lookupSession: (async (token) => {
      const found = await repository.findLiveSession(hashToken(token));
      if (!found) return null;
      const { activatedAt, ...user } = found;
      return { ...user, activated: activatedAt !== null };
    }) satisfies SessionLookup,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
