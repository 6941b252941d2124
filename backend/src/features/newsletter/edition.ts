import {
  allowedHref,
  documentFromText,
  documentText,
  storedImageUrl,
  videoPageUrl,
  type BlogBlock,
  type BlogDocument,
  type BlogInline,
  type BlogNestedBlock,
} from '@ngo-site/shared';
import { escapeHtml, oneLine, type Sender } from '../mail/compose.js';
import type { MailLang } from '../mail/model.js';
import type { Blog } from '../blogs/model.js';
import type { Edition } from './model.js';

// A post as a newsletter: HTML that mail programs show as the site does (a table 600 px wide,
// inline styles only, images at absolute addresses of PUBLIC_URL with their width, so Gmail's
// app and Outlook both lay it out), and a plain-text part. The recipient's own links are marked
// `%%unsubscribe-url%%` and filled in as each mail is sent.

export const unsubscribePlace = '%%unsubscribe-url%%';

const words = {
  en: {
    read: 'Read it on the site',
    why: (org: string) => `You receive this because you subscribed to the newsletter of ${org}.`,
    unsubscribe: 'Unsubscribe',
    watch: (title: string) => `Watch: ${title}`,
  },
  hi: {
    read: 'इसे वेबसाइट पर पढ़ें',
    why: (org: string) => `आपको यह मेल इसलिए मिला है क्योंकि आपने ${org} के न्यूज़लेटर की सदस्यता ली है।`,
    unsubscribe: 'सदस्यता छोड़ें',
    watch: (title: string) => `देखें: ${title}`,
  },
} satisfies Record<MailLang, unknown>;

const font = 'font-family:Arial,Helvetica,sans-serif';
const styles = {
  p: 'margin:0 0 16px;font-size:16px;line-height:1.6',
  h2: 'margin:24px 0 12px;font-size:21px;line-height:1.3;color:#1d5c3a',
  h3: 'margin:20px 0 10px;font-size:18px;line-height:1.3;color:#1d5c3a',
  list: 'margin:0 0 16px;padding-left:24px;font-size:16px;line-height:1.6',
  quote: 'margin:0 0 16px;padding:8px 16px;border-left:4px solid #2f7d32;background:#f4f6f1',
  img: 'display:block;width:100%;max-width:552px;height:auto;border:0;margin:0 auto',
  caption: 'margin:6px 0 16px;font-size:13px;color:#4a5a4c',
  link: 'color:#1d5c3a;text-decoration:underline',
  button: 'display:inline-block;padding:12px 22px;background:#1d5c3a;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;font-size:16px',
};

/** Where the site's paths point from a mail: absolute, at PUBLIC_URL. */
const absolute = (origin: string, href: string) => (href.startsWith('/') ? origin + href : href);

function inlineHtml(content: BlogInline[] | undefined, origin: string): string {
  return (content ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '<br>';
      let html = escapeHtml(node.text);
      for (const mark of node.marks ?? []) {
        if (mark.type === 'bold') html = `<strong>${html}</strong>`;
        else if (mark.type === 'italic') html = `<em>${html}</em>`;
        else if (mark.type === 'link' && allowedHref.test(mark.attrs.href))
          html = `<a href="${escapeHtml(absolute(origin, mark.attrs.href))}" style="${styles.link}">${html}</a>`;
      }
      return html;
    })
    .join('');
}

function blockHtml(block: BlogBlock | BlogNestedBlock, origin: string, lang: MailLang): string {
  const children = (content: (BlogBlock | BlogNestedBlock)[]) => content.map((child) => blockHtml(child, origin, lang)).join('');
  switch (block.type) {
    case 'paragraph':
      return `<p style="${styles.p}">${inlineHtml(block.content, origin)}</p>`;
    case 'heading':
      return block.attrs.level === 3
        ? `<h3 style="${styles.h3}">${inlineHtml(block.content, origin)}</h3>`
        : `<h2 style="${styles.h2}">${inlineHtml(block.content, origin)}</h2>`;
    case 'bulletList':
    case 'orderedList': {
      const tag = block.type === 'bulletList' ? 'ul' : 'ol';
      return `<${tag} style="${styles.list}">${block.content.map((item) => `<li>${children(item.content).replace(/margin:0 0 16px/g, 'margin:0 0 4px')}</li>`).join('')}</${tag}>`;
    }
    case 'blockquote':
      return `<blockquote style="${styles.quote}">${children(block.content)}</blockquote>`;
    case 'image': {
      const { id, alt, caption } = block.attrs;
      if (!/^[0-9a-f]{24}$/i.test(id) || !alt?.trim()) return '';
      const figcaption = caption?.trim() ? `<p style="${styles.caption}">${escapeHtml(caption)}</p>` : '<div style="height:16px"></div>';
      return `<img src="${escapeHtml(origin + storedImageUrl(id))}" width="552" alt="${escapeHtml(alt)}" style="${styles.img}">${figcaption}`;
    }
    case 'video': {
      const { provider, id, title } = block.attrs;
      return `<p style="${styles.p}"><a href="${escapeHtml(videoPageUrl(provider, id))}" style="${styles.link}">${escapeHtml(words[lang].watch(title))}</a></p>`;
    }
    case 'callToAction': {
      const path = `${lang === 'hi' ? '/hi' : ''}/${block.attrs.kind}`;
      return `<p style="margin:8px 0 24px"><a href="${escapeHtml(origin + path)}" style="${styles.button}">${escapeHtml(block.attrs.label)}</a></p>`;
    }
    case 'horizontalRule':
      return '<hr style="border:0;border-top:1px solid #dfe5dc;margin:24px 0">';
    default:
      return '';
  }
}

/**
 * Breaks lines longer than `max` characters at spaces, outside `<…>` when `markup` (a space in a
 * tag's attribute stays): the mail's parts go as they are (8bit), and SMTP allows 998 bytes a line
 * (a Devanagari character takes three).
 */
export function wrapLines(text: string, max: number, markup = false): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.length <= max) return line;
      const out: string[] = [];
      let start = 0;
      let lastBreak = -1;
      let inTag = false;
      for (let index = 0; index < line.length; index++) {
        const char = line[index];
        if (markup && char === '<') inTag = true;
        else if (markup && char === '>') inTag = false;
        else if (char === ' ' && !inTag) lastBreak = index;
        if (index - start >= max && lastBreak > start) {
          out.push(line.slice(start, lastBreak));
          start = lastBreak + 1;
          lastBreak = -1;
        }
      }
      out.push(line.slice(start));
      return out.join('\n');
    })
    .join('\n');
}

/** Whether the post has a Hindi edition (as the public reads decide: a Hindi title). */
export const hasHindi = (post: Blog) => Boolean(post.title_hi?.trim());

/** The post's address on the site in a language. */
export const postUrl = (origin: string, post: Blog, lang: MailLang) => `${origin}${lang === 'hi' ? '/hi' : ''}/blog/${post._id.toHexString()}`;

/** The post in one language as a newsletter mail, its recipient's links still to fill in. */
export function renderEdition(post: Blog, lang: MailLang, origin: string, sender: Sender): Edition {
  const hindi = lang === 'hi';
  const title = (hindi ? post.title_hi : post.title)!.trim();
  const excerpt = (hindi ? post.excerpt_hi : post.excerpt)?.trim() ?? '';
  const body: BlogDocument = (hindi ? post.body_hi : post.body) ?? documentFromText((hindi ? post.content_hi : post.content) ?? '');
  const text = words[lang];
  const url = postUrl(origin, post, lang);
  const foot = [sender.name, sender.address, sender.email].map((part) => part.trim()).filter(Boolean);
  const cover = post.image
    ? `<img src="${escapeHtml(origin + storedImageUrl(post.image.toHexString()))}" width="600" alt="${escapeHtml(title)}" style="display:block;width:100%;max-width:600px;height:auto;border:0">`
    : '';
  const html = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f6f1;${font};color:#1d2b1f">`,
    excerpt ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(excerpt)}</div>` : '',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f6f1"><tr><td align="center" style="padding:16px 8px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:16px 24px;${font};font-size:15px;font-weight:bold;color:#1d5c3a">${escapeHtml(sender.name)}</td></tr>`,
    cover ? `<tr><td>${cover}</td></tr>` : '',
    `<tr><td style="padding:24px 24px 8px;${font};color:#1d2b1f">`,
    `<h1 style="margin:0 0 16px;font-size:26px;line-height:1.25;color:#1d2b1f">${escapeHtml(title)}</h1>`,
    body.content.map((block) => blockHtml(block, origin, lang)).join('\n'),
    `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="${styles.button}">${escapeHtml(text.read)}</a></p>`,
    '</td></tr>',
    `<tr><td style="padding:16px 24px 24px;border-top:1px solid #dfe5dc;${font};font-size:13px;line-height:1.5;color:#4a5a4c">`,
    `<p style="margin:0 0 8px">${foot.map((part) => escapeHtml(part).replace(/\r?\n/g, '<br>')).join('<br>')}</p>`,
    `<p style="margin:0">${escapeHtml(text.why(sender.name))} <a href="${unsubscribePlace}" style="color:#4a5a4c;text-decoration:underline">${escapeHtml(text.unsubscribe)}</a></p>`,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('\n');
  const plain = [
    title,
    '',
    documentText(body),
    '',
    `${text.read}:`,
    url,
    '',
    '-- ',
    ...foot,
    '',
    text.why(sender.name),
    `${text.unsubscribe}: ${unsubscribePlace}`,
    '',
  ].join('\n');
  return { subject: oneLine(title), html: wrapLines(html, 300, true), text: wrapLines(plain, 76) };
}
