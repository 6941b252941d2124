// The text of a PDF as a reader's copy-and-paste would give it (Mozilla's PDF.js), one string per
// line of the page: how a Form 10BE certificate is read, and how the tests read what a PDF says.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** At most this many pages are read: a certificate has one or two. */
const maxPages = 20;

export async function pdfText(bytes: Buffer | Uint8Array, { pageLimit = Infinity } = {}): Promise<{ pages: number; lines: string[]; text: string }> {
  // A copy: PDF.js takes the buffer over (it detaches it).
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= Math.min(pdf.numPages, pageLimit); number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line.trim());
          line = '';
        }
      }
      if (line.trim()) lines.push(line.trim());
    }
    return { pages: pdf.numPages, lines: lines.filter(Boolean), text: lines.join('\n') };
  } finally {
    await pdf.destroy();
  }
}

/** The first pages of a certificate, read with a page bound. */
export const certificateText = (bytes: Buffer) => pdfText(bytes, { pageLimit: maxPages });
