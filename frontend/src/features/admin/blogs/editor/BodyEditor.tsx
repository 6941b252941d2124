import { useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import type { BlogDocument } from '@ngo-site/shared';
import { editorExtensions } from './extensions';
import { CallToActionPanel, ImagePanel, LinkPanel, VideoPanel } from './Panels';
import { cleanPastedHtml } from './paste';
import { toDocument } from './to-document';
import { Toolbar, type Panel } from './Toolbar';
import './BodyEditor.css';

export interface BodyEditorProps {
  /** Names the toolbar and the text area ("Content", "Hindi content"). */
  label: string;
  lang?: string;
  initial?: BlogDocument;
  /** Called with the document after every change. */
  onChange: (doc: BlogDocument) => void;
}

/** A post's text in TipTap, limited to the post document's allow-list (see extensions.ts). */
export default function BodyEditor({ label, lang, initial, onChange }: BodyEditorProps) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const editor = useEditor({
    extensions: editorExtensions(),
    content: initial?.content.length ? initial : undefined,
    immediatelyRender: false,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      attributes: { class: 'editor-text', role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, ...(lang ? { lang } : {}) },
    },
    onUpdate: ({ editor: changed }) => onChange(toDocument(changed.getJSON())),
  });
  if (!editor) return <div className="editor editor-loading">Loading the editor…</div>;

  const close = () => setPanel(null);
  const keys = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      setPanel('link');
    }
  };
  return (
    <div className="editor" onKeyDown={keys}>
      <Toolbar editor={editor} open={panel} onOpen={(next) => setPanel(panel === next ? null : next)} label={`${label} formatting`} />
      {panel === 'link' && <LinkPanel editor={editor} close={close} />}
      {panel === 'image' && <ImagePanel editor={editor} close={close} />}
      {panel === 'video' && <VideoPanel editor={editor} close={close} />}
      {panel === 'callToAction' && <CallToActionPanel editor={editor} close={close} />}
      <EditorContent editor={editor} />
    </div>
  );
}
