import { randomBytes } from 'node:crypto';
import { encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';

// One message of bulk mail written out as its raw bytes: a multipart/alternative of the plain-text
// and HTML parts, sent as they are (8bit UTF-8: their lines are short, the newsletter's editions
// are wrapped so). A template's parts are cut at the recipient's place once, as bytes; each
// recipient's message is then those pieces joined around their own text: one Buffer outside the
// JavaScript heap, where composing it through nodemailer's MIME tree, or encoding it, would cost
// several times as much time and memory for each of thousands of mails.

/** What every recipient of a mail gets alike; `place` marks where each one's own text goes. */
export interface MessageTemplate {
  subject: string;
  text: string;
  html: string;
  place: string;
}

export interface RawParts {
  /** The sender: an address, or one with a display name. */
  from: string | { name: string; address: string };
  to: string;
  messageId: string;
  headers: Record<string, string>;
  template: MessageTemplate;
  /** What goes at the template's place in each part. */
  fills: { text: string; html: string };
  date?: Date;
}

/** A template's parts as bytes with CRLF line breaks, cut at its place: made once per template. */
const pieces = new WeakMap<MessageTemplate, { text: Buffer[]; html: Buffer[] }>();

function piecesOf(template: MessageTemplate) {
  let found = pieces.get(template);
  if (!found) {
    const cut = (part: string) =>
      part
        .replace(/\r?\n/g, '\r\n')
        .split(template.place)
        .map((piece) => Buffer.from(piece, 'utf8'));
    found = { text: cut(template.text), html: cut(template.html) };
    pieces.set(template, found);
  }
  return found;
}

/** The pieces with `fill` between each two. */
const joined = (parts: Buffer[], fill: string) => {
  const between = Buffer.from(fill, 'utf8');
  return parts.flatMap((piece, index) => (index ? [between, piece] : [piece]));
};

/** `Name <address>`, the name as an encoded word when it is not plain ASCII (RFC 2047). */
function mailbox(from: RawParts['from']): string {
  if (typeof from === 'string') return /^[\x20-\x7e]*$/.test(from) ? from : encodeWords(from, 'B', 52);
  const plain = /^[\x20-\x7e]*$/.test(from.name);
  const name = plain ? `"${from.name.replace(/[\\"]/g, '\\$&')}"` : encodeWords(from.name, 'B', 52);
  return `${name} <${from.address}>`;
}

/** RFC 5322's date, as `Date` headers write it. */
const rfcDate = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

export function rawMessage(parts: RawParts): Buffer {
  const boundary = `----=_bulk_${randomBytes(9).toString('base64url')}`;
  const header = (name: string, value: string) => foldLines(`${name}: ${value}`, 76);
  const { text, html } = piecesOf(parts.template);
  const head = [
    header('From', mailbox(parts.from)),
    header('To', parts.to),
    header('Subject', encodeWords(parts.template.subject, 'B', 52)),
    header('Date', rfcDate(parts.date ?? new Date())),
    header('Message-ID', parts.messageId),
    ...Object.entries(parts.headers).map(([name, value]) => header(name, value)),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    '',
  ].join('\r\n');
  const middle = ['', `--${boundary}`, 'Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', ''].join('\r\n');
  return Buffer.concat([
    Buffer.from(head, 'utf8'),
    ...joined(text, parts.fills.text),
    Buffer.from(middle, 'utf8'),
    ...joined(html, parts.fills.html),
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ]);
}
