import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../http/logger.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string; link?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/** Real SMTP when configured; otherwise each message becomes an `.eml` file in the outbox. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from, to, subject, text, html });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${to.replace(/[^a-zA-Z0-9@.-]/g, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      // Development convenience only: without SMTP the link is the way to finish the flow.
      logger.info({ to, file, link }, 'No SMTP_URL set: e-mail written to the outbox');
    },
  };
}
