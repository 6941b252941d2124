import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import type { GalleryItem } from '../../../api/types';
import { CategoryOptions } from '../categoryOptions';
import { ImagePreview } from '../ImagePreview';
import { adminMessages } from '../messages';
import { notify } from '../toasts';
import { uploadForm, type UploadProgress } from '../upload';
import { UploadProgressBar } from '../UploadProgressBar';

interface GalleryItemFormProps {
  /** The item being edited (Edit Image); without it the form uploads a new one (Upload Images). */
  item?: GalleryItem;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Upload Images and Edit Image of the spec. Uploading needs title, category and an image;
 * editing needs title and category (a new image is optional). Caption is optional in both.
 */
export function GalleryItemForm({ item, onSaved, onCancel }: GalleryItemFormProps) {
  const idPrefix = useId();
  const [title, setTitle] = useState(item?.title ?? '');
  const [category, setCategory] = useState<string>(item?.category ?? '');
  const [caption, setCaption] = useState(item?.caption ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  /** A field changed: a validation message about the old values no longer applies. */
  const changed = <T,>(set: (value: T) => void, value: T) => {
    set(value);
    setError('');
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const complete = title.trim() && category && (item || image);
    if (!complete) {
      setError(item ? adminMessages.galleryEditRequired : adminMessages.galleryUploadRequired);
      return;
    }
    setError('');
    setSaving(true);
    const fields = { title: title.trim(), category, caption: caption.trim(), image: image ?? undefined };
    const outcome = item
      ? await uploadForm('/api/update_gallery_image.php', { ...fields, id: item.id }, { fallback: adminMessages.galleryUpdateFailed, onProgress: setProgress })
      : await uploadForm('/api/add_gallery_image.php', fields, { fallback: adminMessages.galleryUploadFailed, onProgress: setProgress });
    setSaving(false);
    setProgress(null);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    notify.success(item ? adminMessages.galleryUpdated : adminMessages.galleryAdded);
    onSaved();
  }

  return (
    <form className="admin-form" onSubmit={(event) => void save(event)} noValidate>
      <div className="form-grid">
        <Field id={fieldId('title')} label="Title" required>
          <input id={fieldId('title')} className="input" required value={title} onChange={(e) => changed(setTitle, e.target.value)} maxLength={200} />
        </Field>
        <Field id={fieldId('category')} label="Category" required>
          <select id={fieldId('category')} className="input" required value={category} onChange={(e) => changed(setCategory, e.target.value)}>
            <CategoryOptions placeholder="Select category" />
          </select>
        </Field>
        <Field id={fieldId('image')} label={item ? 'New image (optional)' : 'Image'} required={!item}>
          <input
            id={fieldId('image')}
            className="input input-file"
            type="file"
            accept="image/*"
            required={!item}
            onChange={(e) => changed(setImage, e.target.files?.[0] ?? null)}
          />
          <ImagePreview chosen={image} storedImageUrl={item?.image_url} storedAlt="The current image" />
        </Field>
        <Field id={fieldId('caption')} label="Caption (optional)">
          <textarea id={fieldId('caption')} className="input input-short" value={caption} onChange={(e) => setCaption(e.target.value)} maxLength={1000} />
        </Field>
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <UploadProgressBar progress={progress} />
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
          {saving ? (item ? adminMessages.updating : adminMessages.uploading) : item ? 'Update Image' : 'Upload Image'}
        </button>
      </div>
    </form>
  );
}
