import { turkishLongDate } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import type { AccountLinkResult } from '@ani/contract/users';
import type { AuthUser } from '../../http/auth.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { Logger } from '../../http/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { newObjectKey, type Storage } from '../../storage/storage.ts';
import { dataExportZip, jsonFile, type ExportFile } from './data-export.ts';
import { createEmailTokens } from './email-tokens.ts';
import type { MailBudgets } from './mail-budgets.ts';
import type { LoginGuard } from './login-guard.ts';
import type { UsersRepository } from './users.repository.ts';
import {
  accountDeletedMail,
  accountDeletionConfirmMail,
  accountDeletionScheduledMail,
  bestEffortSender,
  dataExportReadyMail,
} from './users.mail.ts';

const a = messages.auth;
const DAY = 24 * 60 * 60 * 1000;
const DELETION_CONFIRM_TTL = DAY;
/** Between the confirmed "delete my account" and the deletion: time to change one's mind. */
const accountDeletionGraceMs = 7 * DAY;
/** How long a data archive and its link live. */
export const dataExportTtlSeconds = 7 * 24 * 60 * 60;

/**
 * A host's rights over their personal data (KVKK): a copy of all of it ("Verilerimi İndir") and the
 * account's deletion with everything it owns ("Hesabımı Sil").
 */
export function createAccountRightsService(deps: {
  repository: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  mailBudgets: MailBudgets;
  /** The sign-in's slow-down, which the deletion request's password check shares. */
  loginGuard: LoginGuard;
  clock?: () => Date;
  /**
   * Removes what other modules keep for the account: no file may be left for a row the cascade
   * below takes, so uploads close first and every album's items go with their files' removal.
   */
  purgeOwnedData?: (userId: string) => Promise<void>;
  /** The files other modules contribute to a host's data archive. */
  exportOwnedData?: (userId: string) => Promise<ExportFile[]>;
  storage?: Storage;
}) {
  const { repository, mailer, publicUrl, logger } = deps;
  const { mailBudgets, loginGuard } = deps;
  const clock = deps.clock ?? (() => new Date());
  const sendMail = bestEffortSender(mailer, logger);
  const { issueEmailToken, useEmailToken } = createEmailTokens(repository);

  return {
    /** "Verilerimi İndir": prepared by a job, announced by e-mail with an expiring link. */
    async requestDataExport(actor: AuthUser, ip: string) {
      // The account's hourly mails for exports are counted apart from its other mails: pressing
      // "Verilerimi İndir" a few times must not hold back the deletion request, the other KVKK right.
      await mailBudgets.take({ ip, user: `export:${actor.id}` });
      await repository.queueDataExport(actor.id);
    },

    async buildDataExport(userId: string) {
      const user = await repository.findById(userId);
      if (!user || !deps.storage) return;
      const createdAt = clock();
      // The system's own field names, as in every other file of the archive (OKUBENI.txt explains them).
      const account = {
        userId: user.id,
        username: user.username,
        email: user.email,
        // A new address waiting for its confirmation link is the person's data too.
        pendingEmail: await repository.findPendingEmail(user.id),
        phoneNumber: user.phoneNumber,
        createdAt: user.createdAt.toISOString(),
        activatedAt: user.activatedAt?.toISOString() ?? null,
        deletionScheduledAt: user.deletionScheduledAt?.toISOString() ?? null,
      };
      const files = [jsonFile('hesap.json', account), ...((await deps.exportOwnedData?.(userId)) ?? [])];
      const key = newObjectKey('exports', 'zip');
      await deps.storage.put(key, dataExportZip(files, createdAt));
      const previous = await repository.setDataExport(
        userId,
        key,
        new Date(createdAt.getTime() + dataExportTtlSeconds * 1000),
      );
      if (previous) await deps.storage.delete(previous);
      const url = await deps.storage.signedUrl(key, {
        expiresInSeconds: dataExportTtlSeconds,
        downloadName: 'anikutusu-verilerim.zip',
        contentType: 'application/zip',
      });
      const link = url.startsWith('/') ? `${publicUrl}${url}` : url;
      await mailer.send(
        dataExportReadyMail(
          user.email,
          link,
          turkishLongDate(new Date(createdAt.getTime() + dataExportTtlSeconds * 1000)),
        ),
      );
    },

    /** "Hesabımı Sil", step 1: the password, then a confirmation link by e-mail. */
    async requestDeletion(actor: AuthUser, password: string, ip: string) {
      await mailBudgets.take({ ip, user: actor.id });
      const user = await repository.findById(actor.id);
      if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, a.loginRequired);
      // Guesses here count with the sign-in's: a stolen session must not give unlimited tries.
      if (!(await loginGuard.verifyAccountPassword(user, password, ip)))
        throw new AppError(ErrorCode.VALIDATION, a.passwordWrong);
      const token = await issueEmailToken(user, 'account_deletion', DELETION_CONFIRM_TTL);
      await sendMail(
        accountDeletionConfirmMail(user.email, `${publicUrl}/api/users/deletion/confirm?token=${token}`),
      );
    },

    /** Step 2, the e-mailed link: schedules the deletion after the grace period and ends every session. */
    async confirmDeletion(token: string): Promise<AccountLinkResult> {
      const used = await useEmailToken(token, 'account_deletion');
      if (used.result !== 'ok') return 'profile-link-invalid';
      const at = new Date(clock().getTime() + accountDeletionGraceMs);
      const user = await repository.scheduleDeletion(used.row.userId, at);
      if (user)
        await sendMail(accountDeletionScheduledMail(user.email, turkishLongDate(at), `${publicUrl}/profile`));
      return 'deletion-scheduled';
    },

    /** Idempotent: true when a scheduled deletion was withdrawn, false when none was scheduled. */
    async cancelDeletion(actor: AuthUser): Promise<boolean> {
      return repository.cancelDeletion(actor.id);
    },

    /** The deletion job: only when still scheduled and due (a cancel in between wins). */
    async deleteAccountIfDue(userId: string) {
      const user = await repository.findById(userId);
      if (!user?.deletionScheduledAt || user.deletionScheduledAt.getTime() > clock().getTime()) return;
      await deps.purgeOwnedData?.(userId);
      if (user.dataExportKey) await deps.storage?.delete(user.dataExportKey);
      await repository.deleteUser(userId);
      logger.info({ userId }, "account deleted at its owner's request");
      await sendMail(accountDeletedMail(user.email));
    },
  };
}

export type AccountRightsService = ReturnType<typeof createAccountRightsService>;
