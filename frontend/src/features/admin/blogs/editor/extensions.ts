// The editor configured to exactly the post document's allow-list (openapi.yaml's BlogDocument):
// two heading levels, bold, italic, links of the allowed schemes, lists, quotes of paragraphs and
// lists, rules, and the site's photo, video and call-to-action blocks. Nothing else can be typed
// or pasted: markup the schema does not know is dropped by ProseMirror's parser.
import type { Extensions } from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { ListItem } from '@tiptap/extension-list';
import { StarterKit } from '@tiptap/starter-kit';
import { allowedHref, headingLevels } from '@ngo-site/shared';
import { CallToAction, PostImage, PostVideo } from './nodes';

const nested = '(paragraph | bulletList | orderedList)';

export const editorExtensions = (): Extensions => [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    blockquote: false,
    listItem: false,
    heading: { levels: [...headingLevels] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // The server refuses any other link; the editor never makes one (typed, pasted or autolinked).
      isAllowedUri: (url) => allowedHref.test(url),
      HTMLAttributes: { target: null, rel: 'noopener', class: null },
    },
  }),
  Blockquote.extend({ content: `${nested}+` }),
  ListItem.extend({ content: `paragraph ${nested}*` }),
  PostImage,
  PostVideo,
  CallToAction,
];
