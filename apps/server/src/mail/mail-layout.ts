// The one HTML frame of every Turkish e-mail. Plain text goes first in each message: many guests'
// and hosts' mail apps show only that.

export type MailAction = { href: string; label: string };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `paragraphs` and `note` are trusted HTML (escape user text with escapeHtml); each action is a
 * button. `note` is a small line after the buttons, as the plain text has it after the link (e.g.
 * "if this wasn't you, ignore this mail"): a reader of the HTML version must see it too.
 */
export function mailHtml(title: string, paragraphs: string[], actions: MailAction[], note?: string): string {
  const buttons = actions
    .map(
      (a) =>
        `<p style="margin:28px 0"><a href="${a.href}" style="background:#9d4b5c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${a.label}</a></p>`,
    )
    .join('\n');
  const fallbacks = actions.map((a) => `${a.label}: ${a.href}`).join('<br>');
  return `<!doctype html>
<html lang="tr"><body style="font-family:Arial,sans-serif;color:#2b2024;background:#faf6f3;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;color:#9d4b5c">${title}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${p}</p>`).join('\n')}
${buttons}
${note ? `<p style="font-size:13px;line-height:1.5;color:#5c4a50">${note}</p>` : ''}
${actions.length ? `<p style="font-size:12px;color:#7a6a70">Düğme çalışmazsa adresi tarayıcınıza yapıştırın:<br>${fallbacks}</p>` : ''}
<p style="font-size:12px;color:#7a6a70">Anı Kutusu</p>
</div></body></html>`;
}
