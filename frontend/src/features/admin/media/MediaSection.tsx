import { useState } from 'react';
import { formatBytes } from '@ngo-site/shared';
import { ApiImage } from '../../../components/ApiImage';
import { TextField } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { AdminModal } from '../AdminModal';
import { AdminPanel } from '../AdminPanel';
import { IconButton } from '../AdminIcon';
import { ConfirmDialog } from '../ConfirmDialog';
import { ListPages, ListSearchBox, useAdminList } from '../ListControls';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useListDelete } from '../useListDelete';
import { deleteMedia, describeUse, fetchMedia, mediaLabel, updateMedia, type MediaImage } from './mediaApi';
import './MediaSection.css';

type MediaDialog = { kind: 'edit' | 'delete'; image: MediaImage } | null;

/** Where the image is used, as a list (or that it is used nowhere). */
export function MediaUses({ image }: { image: MediaImage }) {
  if (!image.used_in.length) return <p className="muted">Not used anywhere.</p>;
  return (
    <ul className="media-uses" aria-label={`Where ${mediaLabel(image)} is used`}>
      {image.used_in.map((use) => (
        <li key={`${use.kind}-${use.id}`}>{describeUse(use)}</li>
      ))}
    </ul>
  );
}

/** Media: every stored image a page at a time, searched by alt, caption and name; each edited (alt, caption, name) or deleted. */
export function MediaSection() {
  const [library, reload, search] = useAdminList(fetchMedia);
  const [dialog, setDialog] = useState<MediaDialog>(null);
  const close = () => setDialog(null);
  const [headingRef, confirmDelete] = useListDelete(close, reload);

  return (
    <AdminPanel id="media" title="Media library" count={library.status === 'ready' ? library.data.total : undefined} headingRef={headingRef}>
      <ListSearchBox label="Search the media library" placeholder="Alt text, caption or file name" />
      <PanelStates
        state={library}
        loading="Loading the media library..."
        onRetry={reload}
        empty={library.status === 'ready' && library.data.items.length === 0 && (search.q ? `No image matches “${search.q}”.` : 'No images stored yet.')}
      />
      {library.status === 'ready' && library.data.items.length > 0 && (
        <ul className="media-grid">
          {library.data.items.map((image) => {
            const label = mediaLabel(image);
            return (
              <li key={image.id} className="media-card">
                <div className="media-thumb">
                  <ApiImage
                    imageUrl={image.url}
                    alt={image.alt}
                    sizes="(min-width: 1100px) 220px, (min-width: 600px) 30vw, 50vw"
                    width={image.width}
                    height={image.height}
                  />
                </div>
                <div className="media-body">
                  <h3 className="media-title">{label}</h3>
                  <p className="muted media-facts">{[image.name, `${image.width} × ${image.height}`, formatBytes(image.bytes)].filter(Boolean).join(' · ')}</p>
                  <MediaUses image={image} />
                  <div className="media-actions">
                    <IconButton icon="edit" label={`Edit ${label}`} onClick={() => setDialog({ kind: 'edit', image })} />
                    <IconButton icon="trash" label={`Delete ${label}`} danger onClick={() => setDialog({ kind: 'delete', image })} />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {library.status === 'ready' && <ListPages total={library.data.total} label="Pages of the media library" />}

      {dialog?.kind === 'edit' && (
        <MediaEditDialog
          image={dialog.image}
          onClose={close}
          onSaved={() => {
            close();
            reload();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question="Delete this image?"
          subject={mediaLabel(dialog.image)}
          confirmLabel={dialog.image.used_in.length ? 'Delete everywhere' : 'Delete'}
          details={
            dialog.image.used_in.length > 0 && (
              <div className="media-warning" role="alert">
                <p>It is used in these places, and will be removed from each:</p>
                <MediaUses image={dialog.image} />
              </div>
            )
          }
          onConfirm={() => confirmDelete(deleteMedia(dialog.image.id, dialog.image.used_in.length > 0))}
          onCancel={close}
        />
      )}
    </AdminPanel>
  );
}

/** The alt text, caption and name of one image; a save changes them wherever the image is shown. */
function MediaEditDialog({ image, onClose, onSaved }: { image: MediaImage; onClose: () => void; onSaved: () => void }) {
  const form = useForm({ alt: image.alt, caption: image.caption, name: image.name });
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async ({ alt, caption, name }: { alt: string; caption: string; name: string }) => {
    if (!alt.trim()) return setError('Describe the image in the alt text: it is read to those who cannot see it');
    setSaving(true);
    const outcome = await updateMedia(image.id, { alt: alt.trim(), caption: caption.trim(), name: name.trim() });
    setSaving(false);
    if (!outcome.ok) return setError(outcome.message);
    notify.success('Image details saved');
    onSaved();
  };
  return (
    <AdminModal open title="Edit image details" onClose={onClose}>
      <Form form={form} className="media-edit" onSubmit={save} noValidate>
        <ApiImage className="media-edit-preview" imageUrl={image.url} alt={image.alt} sizes="320px" width={image.width} height={image.height} />
        <TextField id="media-alt" label="Alt text" markRequired required maxLength={500} {...form.field('alt')} />
        <TextField id="media-caption" label="Caption (optional)" maxLength={1000} {...form.field('caption')} />
        <TextField id="media-name" label="File name" maxLength={200} {...form.field('name')} />
        {image.used_in.some((use) => use.kind === 'text') && <p className="muted">The alt text and caption change in every post that shows this photo.</p>}
        {image.used_in.some((use) => use.kind !== 'text') && <p className="muted">The gallery and the posts’ covers describe the image by their title.</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </Form>
    </AdminModal>
  );
}
