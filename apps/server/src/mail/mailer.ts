import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { createTransport, Transporter } from 'nodemailer';
import type { Logger } from '../http/logger.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string; link?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

function isLocalLink(link: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(link).hostname);
}

/**
 * nodemailer is loaded with the first message, not at start: it costs an idle server ~20 MB of
 * memory, and most hours of a server's life send no mail at all.
 */
function lazyTransport(options: Parameters<typeof createTransport>[0]) {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(options)));
}

/** Real SMTP when configured; otherwise each message becomes an `.eml` file in the outbox. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    // Mail is sent while a request waits (sign-up, password reset): a mail server that accepts the
    // connection and then goes silent must cost seconds, not nodemailer's default ten minutes.
    const transport = lazyTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send({ to, subject, text, html }) {
        await (await transport()).sendMail({ from, to, subject, text, html });
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, link }) {
      const info = await (await transport()).sendMail({ from, to, subject, text, html });
      await mkdir(outboxDir, { recursive: true });
      // Time first so the folder lists in order; the random part keeps two mails to one address in
      // the same millisecond (a resend right after a registration) from sharing a file.
      const unique = `${Date.now()}-${randomBytes(3).toString('hex')}`;
      const file = path.join(outboxDir, `${unique}-${to.replace(/[^a-zA-Z0-9@.-]/g, '_')}.eml`);
      // Written aside and renamed: whoever reads the outbox (a developer, the browser tests) never
      // opens a message that is still being written.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      // Trying the product locally without SMTP, the logged link is the way to finish the flow. A
      // link to any other host carries a live token into a log store: only the file is named then.
      logger.info(
        { to, file, link: link && isLocalLink(link) ? link : undefined },
        'No SMTP_URL set: e-mail written to the outbox',
      );
    },
  };
}
