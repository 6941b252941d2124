// Text in Latin and Devanagari in one PDF (pdfkit shapes Devanagari through fontkit: conjuncts
// and matras as the font's tables say), each run of a line in the font that has its letters.
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

// Noto Sans Devanagari as WOFF (pdfkit's font engine cannot subset its WOFF2 files): its Latin
// part for the text, its Devanagari part for names written in Hindi and for the rupee sign.
const require = createRequire(import.meta.url);
const fontFile = (part: 'latin' | 'devanagari', weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${part}-${weight}-normal.woff`);
const fonts = {
  text: fontFile('latin', 400),
  bold: fontFile('latin', 700),
  deva: fontFile('devanagari', 400),
  devaBold: fontFile('devanagari', 700),
};

// Devanagari (with the danda, which it shares with other scripts), its joiners and the rupee sign
// come from the Devanagari font, spaces between such words too; the rest from the Latin one.
const devanagariLetters = '(?:\\p{Script_Extensions=Devanagari}|\\u200C|\\u200D|\\u20B9)+';
const devanagariRun = new RegExp(`(${devanagariLetters}(?:\\s+${devanagariLetters})*)`, 'u');

export type Doc = InstanceType<typeof PDFDocument>;

/** Text in one or both scripts, each run in the font that has it. */
export type WriteOptions = { bold?: boolean; size?: number; x?: number; width?: number; align?: 'left' | 'center' | 'right' };

export function write(doc: Doc, text: string, { bold = false, size = 11, x, ...options }: WriteOptions = {}) {
  const parts = text.split(devanagariRun).filter((run) => run !== '');
  const runs = parts.length ? parts : [''];
  const fontOf = (run: string) => (devanagariRun.test(run) ? (bold ? 'devaBold' : 'deva') : bold ? 'bold' : 'text');
  doc.fontSize(size);
  // pdfkit places the runs of a centred or right-aligned line one over the other: such a line
  // is measured and its runs placed here, when it fits on one line.
  const { align, width } = options;
  if (align && align !== 'left' && x !== undefined && width !== undefined && runs.length > 1) {
    const widths = runs.map((run) => doc.font(fontOf(run)).widthOfString(run));
    const total = widths.reduce((sum, each) => sum + each, 0);
    if (total <= width) {
      const top = doc.y;
      let left = x + (align === 'center' ? (width - total) / 2 : width - total);
      let height = 0;
      runs.forEach((run, index) => {
        doc.font(fontOf(run)).text(run, left, top, { lineBreak: false });
        height = Math.max(height, doc.currentLineHeight(true));
        left += widths[index]!;
      });
      doc.x = x;
      doc.y = top + height;
      return;
    }
  }
  runs.forEach((run, index) => {
    doc.font(fontOf(run));
    // Where and how wide the text goes is set by its first run; the others follow on.
    const continued = index < runs.length - 1;
    if (index === 0 && x !== undefined) doc.text(run, x, doc.y, { ...options, continued });
    else doc.text(run, { ...(index === 0 ? options : {}), continued });
  });
}

/** Makes the fonts of `write` known to a new document. */
export function registerFonts(doc: Doc) {
  for (const [name, file] of Object.entries(fonts)) doc.registerFont(name, file);
}
