import type { MailLang } from './model.js';

/**
 * A mail's content as blocks, rendered to a plain-text part and a simple HTML part. Every text is
 * escaped on its way into the HTML, so nothing a visitor wrote is ever rendered as markup.
 */
export type Block =
  /** Words of ours (they may hold a visitor's name). */
  | { p: string }
  /** What someone wrote, shown as they wrote it: line breaks kept, nothing interpreted. */
  | { quote: string; label?: string }
  | { fields: [label: string, value: string][] }
  | { link: { label: string; url: string } }
  /** An image the mail carries (`cid`, a file added as it is sent), and its text for the plain part. */
  | { image: { cid: string; alt: string; width: number } };

export interface Letter {
  lang: MailLang;
  subject: string;
  blocks: Block[];
}

/** The organisation's name and address from the settings, at the foot of every mail. */
export interface Sender {
  name: string;
  address: string;
  email: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);

/** One line, no control characters, of a sensible length: a subject is a header. */
export const oneLine = (text: string, max = 200) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

const multiline = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

function textOf(block: Block): string {
  if ('p' in block) return block.p;
  if ('quote' in block) return [block.label ?? '', ...block.quote.split(/\r?\n/).map((line) => `> ${line}`)].filter(Boolean).join('\n');
  if ('fields' in block) return block.fields.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('image' in block) return `[${block.image.alt}]`;
  return `${block.link.label}:\n${block.link.url}`;
}

const styles = {
  body: 'margin:0;padding:16px;background:#f4f6f1;font-family:Arial,Helvetica,sans-serif;color:#1d2b1f',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;line-height:1.55;font-size:16px',
  quote: 'margin:0 0 16px;padding:8px 12px;border-left:4px solid #2f7d32;background:#f4f6f1;white-space:pre-wrap',
  label: 'padding:2px 12px 2px 0;color:#4a5a4c;vertical-align:top;white-space:nowrap',
  button: 'display:inline-block;padding:12px 20px;background:#2f7d32;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold',
  foot: 'margin-top:24px;padding-top:12px;border-top:1px solid #dfe5dc;font-size:13px;color:#4a5a4c',
};

function htmlOf(block: Block): string {
  if ('p' in block) return `<p style="margin:0 0 16px">${multiline(block.p)}</p>`;
  if ('quote' in block) {
    const label = block.label ? `<p style="margin:0 0 4px">${escapeHtml(block.label)}</p>` : '';
    return `${label}<blockquote style="${styles.quote}">${multiline(block.quote)}</blockquote>`;
  }
  if ('fields' in block) {
    const rows = block.fields.map(([label, value]) => `<tr><td style="${styles.label}">${escapeHtml(label)}</td><td>${multiline(value)}</td></tr>`);
    return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows.join('')}</table>`;
  }
  if ('image' in block) {
    const { cid, alt, width } = block.image;
    return `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(cid)}" alt="${escapeHtml(alt)}" width="${width}" height="${width}" style="display:block"></p>`;
  }
  const url = escapeHtml(block.link.url);
  return `<p style="margin:0 0 8px"><a href="${url}" style="${styles.button}">${escapeHtml(block.link.label)}</a></p><p style="margin:0 0 16px;font-size:13px;word-break:break-all">${url}</p>`;
}

export function renderLetter(letter: Letter, sender: Sender): RenderedMail {
  const subject = oneLine(letter.subject);
  const foot = [sender.name, sender.address, sender.email].map((part) => part.trim()).filter(Boolean);
  const text = `${letter.blocks.map(textOf).join('\n\n')}\n\n-- \n${foot.join('\n')}\n`;
  const html = [
    `<!doctype html><html lang="${letter.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="${styles.body}"><div style="${styles.card}">`,
    ...letter.blocks.map(htmlOf),
    `<div style="${styles.foot}">${foot.map(multiline).join('<br>')}</div>`,
    '</div></body></html>',
  ].join('');
  return { subject, text, html };
}
