// Pasted HTML made readable for the editor's schema before ProseMirror parses it. Word writes its
// lists as paragraphs with `mso-list` styles and a typed bullet, and documents use h1 for their top
// headings: both become the document's own lists and two heading levels, so the structure is kept.
import { withoutHandlers } from './to-document';

const wordListStyle = /mso-list:\s*l(\d+)\s+level(\d+)/i;
const orderedMarker = /^(?:\d+|[a-z]{1,2}|[ivxlc]+)[.)]$/i;

interface WordItem {
  paragraph: HTMLElement;
  level: number;
  ordered: boolean;
}

/** A Word list paragraph as its level and kind, with its typed bullet or number taken out; else null. */
function wordItem(node: ChildNode): WordItem | null {
  if (!(node instanceof HTMLElement) || node.tagName !== 'P') return null;
  const style = wordListStyle.exec(node.getAttribute('style') ?? '');
  if (!style) return null;
  const markers = [...node.querySelectorAll<HTMLElement>('span')].filter((span) => /mso-list:\s*ignore/i.test(span.getAttribute('style') ?? ''));
  const marker = (markers[0]?.textContent ?? '').replace(/\s|\u00a0/g, '');
  for (const span of markers) {
    const wrapper = span.parentElement;
    span.remove();
    if (wrapper && wrapper !== node && !wrapper.textContent?.trim()) wrapper.remove();
  }
  return { paragraph: node, level: Math.max(1, Number(style[2])), ordered: orderedMarker.test(marker) };
}

/** Replaces each run of Word list paragraphs with nested <ul>/<ol> lists. */
function wordLists(body: HTMLElement) {
  const doc = body.ownerDocument;
  let stack: HTMLElement[] = [];
  let lastItem: HTMLElement | null = null;
  for (const node of [...body.childNodes]) {
    if (node.nodeType === node.TEXT_NODE && !node.textContent?.trim() && stack.length) continue;
    const item = wordItem(node);
    if (!item) {
      stack = [];
      continue;
    }
    while (stack.length > item.level) stack.pop();
    while (stack.length < item.level) {
      const list = doc.createElement(item.ordered ? 'ol' : 'ul');
      if (stack.length && lastItem) lastItem.append(list);
      else body.insertBefore(list, node);
      stack.push(list);
    }
    const li = doc.createElement('li');
    const paragraph = doc.createElement('p');
    paragraph.append(...item.paragraph.childNodes);
    li.append(paragraph);
    stack.at(-1)!.append(li);
    lastItem = li;
    node.remove();
  }
}

/** The highest heading level in the paste becomes the document's first level (h2), every lower one its second (h3). */
function headingLevels(body: HTMLElement) {
  const headings = [...body.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')];
  const top = Math.min(...headings.map((heading) => Number(heading.tagName[1])));
  for (const heading of headings) {
    const level = Number(heading.tagName[1]) === top ? 2 : 3;
    if (heading.tagName === `H${level}`) continue;
    const renamed = body.ownerDocument.createElement(`h${level}`);
    renamed.append(...heading.childNodes);
    heading.replaceWith(renamed);
  }
}

/** The editor's transformPastedHTML: no handler attributes, Word's lists as lists, headings on the document's two levels. */
export function cleanPastedHtml(html: string): string {
  const body = new DOMParser().parseFromString(withoutHandlers(html), 'text/html').body;
  wordLists(body);
  headingLevels(body);
  return body.innerHTML;
}
