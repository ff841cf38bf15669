// A PDF's text as a reader sees it (Debian poppler-utils' pdftotext, -layout), to check documents the app renders.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * One page rendered as a reader's screen shows it (pdftoppm, grey, 50 dpi): its size in pixels and the share of its
 * pixels that carry ink, to tell a laid-out page from a blank or overflowing one. `png` also writes it as PNG there.
 */
export async function pdfPageInk(bytes: Buffer | Uint8Array, page = 1, png?: string): Promise<{ width: number; height: number; ink: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-page-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, bytes);
    const range = ['-f', String(page), '-l', String(page)];
    if (png) execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', ...range, file, png.replace(/\.png$/, '')]);
    const pgm = execFileSync('pdftoppm', ['-gray', '-r', '50', ...range, file], { maxBuffer: 32 * 1024 * 1024 });
    // P5 <width> <height> <maxval> then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = pgm.subarray(header[0].length);
    let dark = 0;
    for (const p of pixels) if (p < 160) dark += 1;
    return { width, height, ink: dark / (width * height) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
