import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
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

/** A small form inside the post's form: Enter inserts (it must not submit the post), Escape closes. */
function PanelFrame({
  label,
  error,
  busy,
  onInsert,
  close,
  children,
}: {
  label: string;
  error: string;
  busy?: boolean;
  onInsert: () => void;
  close: () => void;
  children: ReactNode;
}) {
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      onInsert();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  return (
    <div className="editor-panel" role="group" aria-label={label} onKeyDown={keys}>
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="editor-panel-actions">
        <button type="button" className="btn btn-primary" onClick={onInsert} disabled={busy}>
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
  const [href, setHref] = useState<string>(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState('');
  const insert = () => {
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
      <TextField id={`${id}-href`} label="Link address (empty removes the link)" value={href} onChange={(event) => setHref(event.target.value)} autoFocus />
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
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const place = (photo: PickedPhoto) => {
    insertBlock(editor, { type: 'image', attrs: { ...photo, caption: photo.caption || null } });
    close();
  };
  const insert = async () => {
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
    setCaption(photoCaption);
    setError(`${name || 'This image'} has no alt text yet: describe it, then Insert`);
  };
  return (
    <PanelFrame label="Image" error={error} busy={busy} onInsert={() => void insert()} close={close}>
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
      <TextField id={`${id}-alt`} label="Alt text" markRequired required maxLength={500} value={alt} onChange={(event) => setAlt(event.target.value)} />
      <TextField id={`${id}-caption`} label="Caption (optional)" maxLength={1000} value={caption} onChange={(event) => setCaption(event.target.value)} />
      <button type="button" className="btn btn-outline" onClick={() => setPicking(true)}>
        Choose from library
      </button>
      {picking && <MediaPicker onPick={pick} onClose={() => setPicking(false)} />}
    </PanelFrame>
  );
}

export function VideoPanel({ editor, close }: PanelProps) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const insert = () => {
    const video = parseVideoUrl(address);
    if (!video) return setError('Paste the address of a YouTube or Vimeo video');
    if (!title.trim()) return setError('Give the video a title: it names the play button');
    insertBlock(editor, { type: 'video', attrs: { ...video, title: title.trim() } });
    close();
  };
  return (
    <PanelFrame label="Video" error={error} onInsert={insert} close={close}>
      <TextField id={`${id}-url`} label="YouTube or Vimeo address" value={address} onChange={(event) => setAddress(event.target.value)} autoFocus />
      <TextField id={`${id}-title`} label="Title" maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} />
    </PanelFrame>
  );
}

export function CallToActionPanel({ editor, close }: PanelProps) {
  const id = useId();
  const [kind, setKind] = useState<'donate' | 'volunteer'>('donate');
  const [label, setLabel] = useState('');
  const [error, setError] = useState('');
  const insert = () => {
    if (!label.trim()) return setError("Write the button's label");
    insertBlock(editor, { type: 'callToAction', attrs: { kind, label: label.trim() } });
    close();
  };
  return (
    <PanelFrame label="Call to action" error={error} onInsert={insert} close={close}>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Leads to</label>
        <select id={`${id}-kind`} className="input" value={kind} onChange={(event) => setKind(event.target.value as 'donate' | 'volunteer')}>
          <option value="donate">The Donate page</option>
          <option value="volunteer">The Volunteer page</option>
        </select>
      </div>
      <TextField id={`${id}-label`} label="Button label" maxLength={80} value={label} onChange={(event) => setLabel(event.target.value)} autoFocus />
    </PanelFrame>
  );
}
