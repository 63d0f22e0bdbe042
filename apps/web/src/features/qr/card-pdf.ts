import { PDFDocument, rgb } from 'pdf-lib';
import { canvasPng, loadImage, loadPageFonts, wrapText } from '../../lib/canvas-page';
import { cardInstruction, themeSvg, type CardTheme } from './themes';

// Loaded only when "Kartları yazdır" is clicked (dynamic import), so pdf-lib never weighs on the page.

export type CardLayout = 'a6' | 'a4';

export interface CardContent {
  theme: CardTheme;
  /** A large QR code canvas (drawn off-screen by qrcode.react) holding the upload link. */
  qr: HTMLCanvasElement;
  names: string;
  date: string;
  link: string;
}

const mm = 72 / 25.4;
const a6 = { w: 105 * mm, h: 148 * mm };
const a4 = { w: 210 * mm, h: 297 * mm };
// 300 dpi for A6: sharp text and a QR any phone reads from across a table.
const px = { w: 1240, h: 1748 };

/** One card as a PNG: theme artwork, a white panel with names, date, the QR code and the instruction. */
async function drawCard(c: CardContent): Promise<Uint8Array> {
  const canvas = document.createElement('canvas');
  canvas.width = px.w;
  canvas.height = px.h;
  const ctx = canvas.getContext('2d')!;
  await loadPageFonts();
  const bg = await loadImage(
    `data:image/svg+xml;charset=utf-8,${encodeURIComponent(themeSvg(c.theme, px.w, px.h))}`,
  );
  ctx.drawImage(bg, 0, 0, px.w, px.h);

  const dark = c.theme.id === 'gold';
  const panel = { x: 130, y: 150, w: px.w - 260, h: px.h - 300 };
  ctx.fillStyle = dark ? 'rgba(14,17,32,0.82)' : 'rgba(255,255,255,0.88)';
  ctx.beginPath();
  ctx.roundRect(panel.x, panel.y, panel.w, panel.h, 40);
  ctx.fill();

  ctx.textAlign = 'center';
  ctx.fillStyle = c.theme.ink;
  ctx.font = '600 44px "Inter Variable", sans-serif';
  ctx.fillText('Anı Kutusu', px.w / 2, panel.y + 100);
  ctx.font = '700 84px "Playfair Display Variable", serif';
  let y = panel.y + 230;
  for (const line of wrapText(ctx, c.names, panel.w - 120)) {
    ctx.fillText(line, px.w / 2, y);
    y += 96;
  }
  ctx.fillStyle = c.theme.accent;
  ctx.font = '500 46px "Inter Variable", sans-serif';
  ctx.fillText(c.date, px.w / 2, y + 10);

  const qrSize = 620;
  const qrY = y + 60;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(px.w / 2 - qrSize / 2 - 20, qrY - 20, qrSize + 40, qrSize + 40);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(c.qr, px.w / 2 - qrSize / 2, qrY, qrSize, qrSize);

  ctx.fillStyle = c.theme.ink;
  ctx.font = '400 40px "Inter Variable", sans-serif';
  let ty = qrY + qrSize + 90;
  for (const line of wrapText(ctx, cardInstruction, panel.w - 140)) {
    ctx.fillText(line, px.w / 2, ty);
    ty += 54;
  }

  return canvasPng(canvas);
}

/** A6: one card per page. A4: the same card four times (2×2), cut along the middle lines. */
export async function buildCardsPdf(content: CardContent, layout: CardLayout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${content.names} — masa kartları`);
  pdf.setCreator('Anı Kutusu');
  const png = await pdf.embedPng(await drawCard(content));
  if (layout === 'a6') {
    pdf.addPage([a6.w, a6.h]).drawImage(png, { x: 0, y: 0, width: a6.w, height: a6.h });
  } else {
    const page = pdf.addPage([a4.w, a4.h]);
    for (const [col, row] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      page.drawImage(png, { x: col * a6.w, y: row * a6.h, width: a6.w, height: a6.h });
    }
    // Dashed cut guides along the middle lines, light enough to vanish under a trimmer's blade.
    const guide = { thickness: 0.5, color: rgb(0.6, 0.6, 0.6), dashArray: [4, 4], opacity: 0.8 };
    page.drawLine({ start: { x: a6.w, y: 0 }, end: { x: a6.w, y: a4.h }, ...guide });
    page.drawLine({ start: { x: 0, y: a6.h }, end: { x: a4.w, y: a6.h }, ...guide });
  }
  return pdf.save();
}
