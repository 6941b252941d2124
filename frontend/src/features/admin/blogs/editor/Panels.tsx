import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { Editor } from '@tiptap/react';
import { allowedHref } from '@ngo-site/shared';
import { TextField } from '../../../../components/Field';
import { uploadForm } from '../../upload';
import { MediaPicker } from './MediaPicker';
import type { MediaImage } from '../../media/mediaApi';
import { parseVideoUrl } from './to-document';

/** A photo the editor can place: one just uploaded, or one chosen from the media library. */
export interface PickedPhoto {
  id: string;
  alt: string;
  caption?: string;
  width: number;
  height: number;
}

/**
 * Places a block after the selection, never over it: a photo just placed stays selected, and the
 * next block would otherwise replace it.
 */
const insertBlock = (editor: Editor, node: { type: string; attrs: Record<string, unknown> }) =>
  editor.chain().focus().insertContentAt(editor.state.selection.to, node).run();

interface PanelProps {
  editor: Editor;
  close: () => void;
}

type PanelValues = Record<string, string>;

/**
 * What a panel's controls hold, by name. A panel lives inside the post's form (a form in a form
 * is not HTML), so it reads its own uncontrolled fields; their names start with `panel-`, apart
 * from the post's own.
 */
function panelValues(panel: HTMLElement | null): PanelValues {
  const controls = panel ? [...panel.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name^="panel-"], select[name^="panel-"]')] : [];
  return Object.fromEntries(controls.map((control) => [control.name.slice('panel-'.length), control.value]));
}

/** A small form inside the post's form: Enter inserts (it must not submit the post), Escape closes. */
function PanelFrame({
  label,
  error,
  busy,
  onInsert,
  close,
  panelRef,
  children,
}: {
  label: string;
  error: string;
  busy?: boolean;
  /** Inserts what the panel's fields hold. */
  onInsert: (values: PanelValues) => void;
  close: () => void;
  /** The panel's element, for a panel that writes into its own fields. */
  panelRef?: RefObject<HTMLDivElement>;
  children: ReactNode;
}) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = panelRef ?? ownRef;
  const insert = () => onInsert(panelValues(ref.current));
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      insert();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  return (
    <div ref={ref} className="editor-panel" role="group" aria-label={label} onKeyDown={keys}>
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="editor-panel-actions">
        <button type="button" className="btn btn-primary" onClick={insert} disabled={busy}>
          {busy ? 'Uploading…' : 'Insert'}
        </button>
        <button type="button" className="btn btn-outline" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export function LinkPanel({ editor, close }: PanelProps) {
  const id = useId();
  const [linked] = useState<string>(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState('');
  const insert = ({ href = '' }: PanelValues) => {
    const target = href.trim();
    if (!target) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return close();
    }
    if (!allowedHref.test(target)) return setError('A link must start with https://, http://, mailto: or / (a page of this site)');
    editor.chain().focus().extendMarkRange('link').setLink({ href: target }).run();
    close();
  };
  return (
    <PanelFrame label="Link" error={error} onInsert={insert} close={close}>
      <TextField id={`${id}-href`} label="Link address (empty removes the link)" name="panel-href" defaultValue={linked} autoFocus />
    </PanelFrame>
  );
}

/**
 * Uploads a new photo with its alt text, or places one chosen from the media library with its
 * own alt text, caption and size; a chosen photo without alt text (a gallery image) asks for one.
 */
export function ImagePanel({ editor, close }: PanelProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<PickedPhoto | null>(null);
  const [picking, setPicking] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const place = (photo: PickedPhoto) => {
    insertBlock(editor, { type: 'image', attrs: { ...photo, caption: photo.caption || null } });
    close();
  };
  const insert = async ({ alt = '', caption = '' }: PanelValues) => {
    if (!file && !chosen) return setError('Choose a photo to upload, or one from the media library');
    if (!alt.trim()) return setError('Describe the photo in the alt text: it is read to those who cannot see it');
    if (chosen) return place({ ...chosen, alt: alt.trim(), caption: caption.trim() });
    setBusy(true);
    const outcome = await uploadForm(
      '/api/upload_media.php',
      { image: file!, alt: alt.trim(), caption: caption.trim() },
      { fallback: 'Failed to upload the photo' },
    );
    setBusy(false);
    if (!outcome.ok) return setError(outcome.message);
    place({ ...outcome.data.data, caption: caption.trim() });
  };
  const pick = ({ id: photoId, alt: photoAlt, caption: photoCaption, width, height, name }: MediaImage) => {
    setPicking(false);
    const photo = { id: photoId, alt: photoAlt, caption: photoCaption, width, height };
    if (photoAlt) return place(photo);
    setChosen(photo);
    setFile(null);
    const captionField = panelRef.current?.querySelector<HTMLInputElement>('[name="panel-caption"]');
    if (captionField) captionField.value = photoCaption;
    setError(`${name || 'This image'} has no alt text yet: describe it, then Insert`);
  };
  return (
    <PanelFrame label="Image" error={error} busy={busy} onInsert={(values) => void insert(values)} close={close} panelRef={panelRef}>
      {chosen ? (
        <p className="muted">Chosen from the media library.</p>
      ) : (
        <TextField
          id={`${id}-file`}
          label="Photo"
          type="file"
          accept="image/*"
          className="input-file"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      )}
      <TextField id={`${id}-alt`} label="Alt text" markRequired required maxLength={500} name="panel-alt" />
      <TextField id={`${id}-caption`} label="Caption (optional)" maxLength={1000} name="panel-caption" />
      <button type="button" className="btn btn-outline" onClick={() => setPicking(true)}>
        Choose from library
      </button>
      {picking && <MediaPicker onPick={pick} onClose={() => setPicking(false)} />}
    </PanelFrame>
  );
}

export function VideoPanel({ editor, close }: PanelProps) {
  const id = useId();
  const [error, setError] = useState('');
  const insert = ({ address = '', title = '' }: PanelValues) => {
    const video = parseVideoUrl(address);
    if (!video) return setError('Paste the address of a YouTube or Vimeo video');
    if (!title.trim()) return setError('Give the video a title: it names the play button');
    insertBlock(editor, { type: 'video', attrs: { ...video, title: title.trim() } });
    close();
  };
  return (
    <PanelFrame label="Video" error={error} onInsert={insert} close={close}>
      <TextField id={`${id}-url`} label="YouTube or Vimeo address" name="panel-address" autoFocus />
      <TextField id={`${id}-title`} label="Title" maxLength={200} name="panel-title" />
    </PanelFrame>
  );
}

export function CallToActionPanel({ editor, close }: PanelProps) {
  const id = useId();
  const [error, setError] = useState('');
  const insert = ({ kind, label = '' }: PanelValues) => {
    if (!label.trim()) return setError("Write the button's label");
    insertBlock(editor, { type: 'callToAction', attrs: { kind: kind === 'volunteer' ? 'volunteer' : 'donate', label: label.trim() } });
    close();
  };
  return (
    <PanelFrame label="Call to action" error={error} onInsert={insert} close={close}>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Leads to</label>
        <select id={`${id}-kind`} className="input" name="panel-kind">
          <option value="donate">The Donate page</option>
          <option value="volunteer">The Volunteer page</option>
        </select>
      </div>
      <TextField id={`${id}-label`} label="Button label" maxLength={80} name="panel-label" autoFocus />
    </PanelFrame>
  );
}
