// Reading Form 10BE certificates as the income-tax portal gives them: PDFs, or ZIP files of PDFs.
// A file is told by its bytes, never its name; a ZIP is bounded before anything is unpacked.
import { unzipSync } from 'fflate';
import { isFinancialYear } from '../donations/financial-year.js';
import { complianceMessages } from './messages.js';

export const importLimits = {
  pdfs: 500,
  pdfBytes: 10 * 1024 * 1024,
  unpackedBytes: 200 * 1024 * 1024,
};

export interface CertificateFile {
  filename: string;
  bytes: Buffer;
}

export interface UnreadableFile {
  filename: string;
  reason: string;
}

const isPdf = (bytes: Uint8Array) => bytes.length > 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
const isZip = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);

/** The PDFs of one uploaded file (itself, or those of a ZIP), and what of it could not be used. */
export function certificateFiles(filename: string, bytes: Buffer): { files: CertificateFile[]; unreadable: UnreadableFile[] } {
  if (isPdf(bytes)) {
    return bytes.length > importLimits.pdfBytes
      ? { files: [], unreadable: [{ filename, reason: complianceMessages.pdfTooLarge }] }
      : { files: [{ filename, bytes }], unreadable: [] };
  }
  if (!isZip(bytes)) return { files: [], unreadable: [{ filename, reason: complianceMessages.notPdfOrZip }] };

  // The sizes the ZIP declares are checked before a byte is inflated (a ZIP bomb stops here).
  let declared = 0;
  let entries = 0;
  const tooLarge: string[] = [];
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(bytes, {
      filter: (entry) => {
        if (entry.name.endsWith('/')) return false;
        entries += 1;
        declared += entry.originalSize;
        if (entry.originalSize > importLimits.pdfBytes) {
          tooLarge.push(entry.name);
          return false;
        }
        return entries <= importLimits.pdfs && declared <= importLimits.unpackedBytes;
      },
    });
  } catch {
    return { files: [], unreadable: [{ filename, reason: complianceMessages.zipUnreadable }] };
  }
  if (declared > importLimits.unpackedBytes) return { files: [], unreadable: [{ filename, reason: complianceMessages.zipTooLarge }] };
  if (entries > importLimits.pdfs) return { files: [], unreadable: [{ filename, reason: complianceMessages.tooManyPdfs }] };
  const files: CertificateFile[] = [];
  const unreadable: UnreadableFile[] = tooLarge.map((name) => ({ filename: `${filename}/${name}`, reason: complianceMessages.pdfTooLarge }));
  for (const [name, content] of Object.entries(unpacked).sort(([a], [b]) => a.localeCompare(b))) {
    const inner = `${filename}/${name}`;
    if (isPdf(content)) files.push({ filename: inner, bytes: Buffer.from(content) });
    else unreadable.push({ filename: inner, reason: complianceMessages.notPdfOrZip });
  }
  return { files, unreadable };
}

/** What a certificate's text names: the financial year, and the donor's PAN or Aadhaar number. */
export interface CertificateFacts {
  fy: string;
  idType: 'pan' | 'aadhaar' | '';
  /** Every PAN in the text but the organisation's own (a certificate names the reporting organisation's too). */
  pans: string[];
  aadhaar: string;
}

const panPattern = /\b[A-Z]{5}[0-9]{4}[A-Z]\b/g;
const aadhaarPattern = /(?<!\d)(\d{4}) ?(\d{4}) ?(\d{4})(?!\d)/g;
const yearPattern = /(?<!\d)((?:19|20)\d{2})\s*-\s*((?:19|20)?\d{2})(?!\d)/g;

/** The year as 2025-26, from 2025-26 or 2025-2026; '' when it is not a financial year. */
function financialYear(first: string, second: string): string {
  const fy = `${first}-${second.slice(-2)}`;
  return isFinancialYear(fy) && (second.length === 2 || Number(second) === Number(first) + 1) ? fy : '';
}

/**
 * Reads the facts from a certificate's text. The year is the one on a line that speaks of the
 * financial year when there is one (an assessment year is the year after), else the first year
 * in the text.
 */
export function certificateFacts(text: string, organisationPan: string): CertificateFacts {
  const years = text
    .split('\n')
    .flatMap((line) => [...line.matchAll(yearPattern)].map(([, first, second]) => ({ fy: financialYear(first!, second!), line })))
    .filter((year) => year.fy);
  const fy = (years.find((year) => /financial\s+year|वित्तीय\s+वर्ष/i.test(year.line)) ?? years.find((year) => !/assessment\s+year/i.test(year.line)))?.fy ?? '';
  // The donor's PAN first: one on a line that speaks of the donor.
  const lines = text.split('\n');
  const pansOn = (wanted: (line: string) => boolean) => lines.filter(wanted).flatMap((line) => [...line.matchAll(panPattern)].map(([pan]) => pan));
  const ofDonor = (line: string) => /donor|दाता|दानकर्ता/i.test(line);
  const pans = [...new Set([...pansOn(ofDonor), ...pansOn((line) => !ofDonor(line))])].filter((pan) => pan !== organisationPan);
  const aadhaar = [...text.matchAll(aadhaarPattern)].map(([, a, b, c]) => `${a}${b}${c}`).find((number) => !/^[01]/.test(number)) ?? '';
  return { fy, pans, aadhaar, idType: pans.length ? 'pan' : aadhaar ? 'aadhaar' : '' };
}
