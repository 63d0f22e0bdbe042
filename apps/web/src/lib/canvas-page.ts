// Drawing a printable page on a canvas: the PDFs the dashboard makes (table cards, pose lists) are
// pictures of pages, so their Turkish text is set by the browser's own fonts, not by a PDF font.

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('Görsel çizilemedi'));
    img.src = src;
  });
}

/** `text` in lines no wider than `maxWidth` in the context's current font, broken between words. */
export function wrapText(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > maxWidth && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The web fonts carry the Turkish letters; their latin-ext parts are loaded before any drawing. */
export async function loadPageFonts(): Promise<void> {
  await Promise.all([
    document.fonts.load('700 80px "Playfair Display Variable"', 'ĞğŞşİıÖöÜüÇç'),
    document.fonts.load('400 40px "Inter Variable"', 'ĞğŞşİıÖöÜüÇç'),
  ]).catch(() => undefined);
}

/** The canvas as PNG bytes, to embed in a PDF. */
export async function canvasPng(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('Sayfa çizilemedi');
  return new Uint8Array(await blob.arrayBuffer());
}
