import { randomUUID } from 'node:crypto';
import type { EmailTokenPurpose, UserRow, UsersRepository } from './users.repository.ts';
import { hashToken, newToken } from './users.tokens.ts';

/** The tokens of e-mailed links: only their hashes are stored, and each one opens its link once. */
export function createEmailTokens(repository: UsersRepository) {
  return {
    async issueEmailToken(user: UserRow, purpose: EmailTokenPurpose, ttl: number, newEmail?: string) {
      const token = newToken();
      await repository.insertEmailToken({
        id: randomUUID(),
        userId: user.id,
        purpose,
        tokenHash: hashToken(token),
        newEmail,
        expiresAt: new Date(Date.now() + ttl),
      });
      return token;
    },

    /** Looks up a link token; the answer tells the landing page what to show. */
    async useEmailToken(token: string, purpose: EmailTokenPurpose) {
      if (!token || token.length > 200) return { result: 'invalid' as const };
      const row = await repository.findEmailToken(hashToken(token), purpose);
      if (!row) return { result: 'invalid' as const };
      if (row.usedAt) return { result: 'used' as const, row };
      if (row.expiresAt.getTime() < Date.now()) return { result: 'expired' as const, row };
      if (!(await repository.claimEmailToken(row.id))) return { result: 'used' as const, row };
      return { result: 'ok' as const, row };
    },
  };
}
