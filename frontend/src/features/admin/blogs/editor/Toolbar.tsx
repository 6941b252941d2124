import { useEditorState, type Editor } from '@tiptap/react';

export type Panel = 'link' | 'image' | 'video' | 'callToAction';

interface ToolButton {
  label: string;
  shortcut?: string;
  text: string;
  active?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const formatting: ToolButton[] = [
  { label: 'Bold', shortcut: 'Ctrl+B', text: 'B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', shortcut: 'Ctrl+I', text: 'I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  {
    label: 'Heading',
    shortcut: 'Ctrl+Alt+2, or type ## ',
    text: 'Heading',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Subheading',
    shortcut: 'Ctrl+Alt+3, or type ### ',
    text: 'Subheading',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'Bulleted list',
    shortcut: 'Ctrl+Shift+8, or type - ',
    text: '•',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    shortcut: 'Ctrl+Shift+7, or type 1. ',
    text: 'Numbered',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Quote',
    shortcut: 'Ctrl+Shift+B, or type > ',
    text: '❝',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

const inserts: { panel: Panel; label: string; text: string; shortcut?: string }[] = [
  { panel: 'link', label: 'Link', text: 'Link', shortcut: 'Ctrl+K' },
  { panel: 'image', label: 'Image', text: 'Image' },
  { panel: 'video', label: 'Video', text: 'Video' },
  { panel: 'callToAction', label: 'Call to action', text: 'Call to action' },
];

/** The editor's toolbar: every button named for screen readers (its visible text part of the name), toggles saying whether they are on. */
export function Toolbar({ editor, open, onOpen, label }: { editor: Editor; open: Panel | null; onOpen: (panel: Panel) => void; label: string }) {
  const active = useEditorState({ editor, selector: ({ editor: e }) => formatting.map((tool) => tool.active?.(e) ?? false) });
  return (
    <div className="editor-toolbar" role="toolbar" aria-label={label}>
      {formatting.map((tool, index) => (
        <button
          key={tool.label}
          type="button"
          className="editor-tool"
          aria-label={tool.label}
          aria-pressed={active[index]}
          title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
          onClick={() => tool.run(editor)}
        >
          {tool.text}
        </button>
      ))}
      {inserts.map((tool) => (
        <button
          key={tool.panel}
          type="button"
          className="editor-tool"
          aria-label={tool.label}
          aria-expanded={open === tool.panel}
          title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
          onClick={() => onOpen(tool.panel)}
        >
          {tool.text}
        </button>
      ))}
    </div>
  );
}
