import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PDFDocument } from 'pdf-lib';
import { canvasPng, loadImage, loadPageFonts, wrapText } from '../../lib/canvas-page';
import { PoseArt } from './components/pose-art';
import type { Pose } from './poses';

// Loaded only when "Seçilenleri İndir" is clicked (dynamic import): pdf-lib and React's string
// renderer never weigh on the page.

const mm = 72 / 25.4;
const a4 = { w: 210 * mm, h: 297 * mm };
// 150 dpi: sharp enough to print, small enough for a list of forty poses.
const px = { w: 1240, h: 1754 };
const art = { x: 90, y: 170, w: 1060, h: 795 };

/** The pose's drawing as an image the canvas can draw, at the size it is drawn. */
function poseImage(pose: Pose): Promise<HTMLImageElement> {
  const svg = renderToStaticMarkup(createElement(PoseArt, { pose })).replace(
    '<svg ',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${art.w}" height="${art.h}" `,
  );
  return loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
}

/** One pose on an A4 page: its drawing, name, category and difficulty, and what the couple does. */
async function drawPage(pose: Pose, at: number, of: number): Promise<Uint8Array> {
  const canvas = document.createElement('canvas');
  canvas.width = px.w;
  canvas.height = px.h;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, px.w, px.h);

  ctx.fillStyle = '#78716c';
  ctx.font = '500 30px "Inter Variable", sans-serif';
  ctx.fillText('Anı Kutusu · Poz Önerileri', art.x, 110);
  ctx.textAlign = 'right';
  ctx.fillText(`${at} / ${of}`, art.x + art.w, 110);
  ctx.textAlign = 'left';

  ctx.save();
  ctx.beginPath();
  ctx.roundRect(art.x, art.y, art.w, art.h, 28);
  ctx.clip();
  ctx.drawImage(await poseImage(pose), art.x, art.y, art.w, art.h);
  ctx.restore();

  let y = art.y + art.h + 120;
  ctx.fillStyle = '#1c1917';
  ctx.font = '700 72px "Playfair Display Variable", serif';
  for (const line of wrapText(ctx, pose.name, art.w)) {
    ctx.fillText(line, art.x, y);
    y += 84;
  }
  ctx.fillStyle = '#a3193b';
  ctx.font = '600 36px "Inter Variable", sans-serif';
  ctx.fillText(`${pose.category} · ${pose.difficulty}`, art.x, y);
  y += 90;
  ctx.fillStyle = '#44403c';
  ctx.font = '400 42px "Inter Variable", sans-serif';
  for (const line of wrapText(ctx, pose.description, art.w)) {
    ctx.fillText(line, art.x, y);
    y += 60;
  }
  return canvasPng(canvas);
}

/** The chosen poses as a PDF to hand to the photographer: one pose a page, in the page's order. */
export async function buildPosesPdf(chosen: readonly Pose[]): Promise<Uint8Array> {
  await loadPageFonts();
  const pdf = await PDFDocument.create();
  pdf.setTitle('Poz Önerileri');
  pdf.setCreator('Anı Kutusu');
  for (const [i, pose] of chosen.entries()) {
    const png = await pdf.embedPng(await drawPage(pose, i + 1, chosen.length));
    pdf.addPage([a4.w, a4.h]).drawImage(png, { x: 0, y: 0, width: a4.w, height: a4.h });
  }
  return pdf.save();
}
