import { randomBytes } from 'node:crypto';
import { encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';

// One message of bulk mail written out as its raw text: a multipart/alternative of the plain-text
// and HTML parts, each base64 in lines of 76. Made here for every recipient from the edition's
// strings (a few string operations), where composing it through nodemailer's MIME tree would cost
// several times as much for each of thousands of mails.

export interface RawParts {
  /** The sender: an address, or one with a display name. */
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  date?: Date;
}

const base64Lines = (text: string) => Buffer.from(text, 'utf8').toString('base64').replace(/.{76}(?=.)/g, '$&\r\n');

/** `Name <address>`, the name as an encoded word when it is not plain ASCII (RFC 2047). */
function mailbox(from: RawParts['from']): string {
  if (typeof from === 'string') return /^[\x20-\x7e]*$/.test(from) ? from : encodeWords(from, 'B', 52);
  const plain = /^[\x20-\x7e]*$/.test(from.name);
  const name = plain ? `"${from.name.replace(/[\\"]/g, '\\$&')}"` : encodeWords(from.name, 'B', 52);
  return `${name} <${from.address}>`;
}

/** RFC 5322's date, as `Date` headers write it. */
const rfcDate = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

export function rawMessage(parts: RawParts): string {
  const boundary = `----=_bulk_${randomBytes(9).toString('base64url')}`;
  const header = (name: string, value: string) => foldLines(`${name}: ${value}`, 76);
  return [
    header('From', mailbox(parts.from)),
    header('To', parts.to),
    header('Subject', encodeWords(parts.subject, 'B', 52)),
    header('Date', rfcDate(parts.date ?? new Date())),
    header('Message-ID', parts.messageId),
    ...Object.entries(parts.headers).map(([name, value]) => header(name, value)),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(parts.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(parts.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
