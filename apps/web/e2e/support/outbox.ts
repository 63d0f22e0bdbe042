import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Undo quoted-printable transport encoding (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The readable text of a MIME message: quoted-printable parts decoded, base64 parts appended decoded. */
function decodeMail(raw: string): string {
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\n]*\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/gi),
  ].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [decodeQuotedPrintable(raw), ...base64Parts].join('\n');
}

/**
 * The newest e-mail to `to` in the server's outbox (the newest one containing `containing`, when
 * given), polled until it appears: account mails leave through the job runner a moment after the
 * request that caused them.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  containing?: string,
  timeoutMs = 15_000,
): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  const needle = to.replace(/[^a-zA-Z0-9@.-]/g, '_');
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml') && f.includes(needle))
        .sort()
        .reverse();
      for (const file of files) {
        const mail = decodeMail(readFileSync(path.join(dir, file), 'utf8'));
        if (!containing || mail.includes(containing)) return mail;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to}${containing ? ` containing ${containing}` : ''} in ${dir}`);
}

export function findLink(mail: string, pathPart: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]*${pathPart.replace(/[?]/g, '\\?')}[^\\s"'<>]*`).exec(mail);
  if (!match) throw new Error(`no link containing ${pathPart} in e-mail`);
  return match[0].replace(/&amp;/g, '&');
}
