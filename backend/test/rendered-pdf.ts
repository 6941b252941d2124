// A PDF as a person sees it: its first page rendered to an image by poppler's pdftoppm, and the
// text read back from that image by tesseract (Debian's poppler-utils, tesseract-ocr and
// tesseract-ocr-hin), so a test checks the glyphs drawn, not the characters stored. Devanagari
// drawn without shaping (a matra after its consonant, a visible virama) does not read back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const tools = { pdftoppm: 'poppler-utils', tesseract: 'tesseract-ocr and tesseract-ocr-hin' };
for (const [tool, packages] of Object.entries(tools)) {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${tool} is missing: apt-get install poppler-utils tesseract-ocr tesseract-ocr-hin (${packages})`);
  }
}

export interface RenderedPage {
  png: Buffer;
  /** What tesseract reads in the image (Hindi and English). */
  text: string;
  /** The image's pixels, for a QR code reader: RGBA, row by row. */
  pixels: { data: Uint8ClampedArray; width: number; height: number };
}

export async function renderFirstPage(pdf: Buffer, dpi = 150): Promise<RenderedPage> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pdf-page-'));
  try {
    writeFileSync(path.join(folder, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', '1', '-singlefile', 'in.pdf', 'page'], { cwd: folder });
    const png = readFileSync(path.join(folder, 'page.png'));
    const text = execFileSync('tesseract', ['page.png', '-', '-l', 'hin+eng'], { cwd: folder, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { png, text, pixels: { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height } };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
