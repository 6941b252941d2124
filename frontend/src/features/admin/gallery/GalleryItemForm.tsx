import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import type { GalleryItem } from '../../../api/types';
import { FormActions } from '../FormActions';
import { ImagePreview } from '../ImagePreview';
import { adminMessages } from '../messages';
import { notify } from '../toasts';
import { uploadForm, type UploadProgress } from '../upload';
import { UploadProgressBar } from '../UploadProgressBar';
import { CaptionField, HindiFields, TitleAndCategoryFields, useGalleryFields } from './galleryFields';

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
  const form = useGalleryFields(item);
  const { fieldId, error, setError } = form;
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = { ...form.values(), image: image ?? undefined };
    const complete = fields.title && fields.category && (item || image);
    if (!complete) {
      setError(item ? adminMessages.galleryEditRequired : adminMessages.galleryUploadRequired);
      return;
    }
    setError('');
    setSaving(true);
    const outcome = item
      ? await uploadForm('/api/update_gallery_image.php', { ...fields, id: item.id }, { fallback: adminMessages.galleryUpdateFailed, onProgress: setProgress })
      : await uploadForm('/api/add_gallery_image.php', fields, { fallback: adminMessages.galleryUploadFailed, onProgress: setProgress });
    setSaving(false);
    setProgress(null);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    // The server's sentence: Image added successfully! or Image updated successfully!
    notify.success(outcome.data.message);
    onSaved();
  }

  return (
    <form className="admin-form" onSubmit={(event) => void save(event)} noValidate>
      <div className="form-grid">
        <TitleAndCategoryFields form={form} />
        <Field id={fieldId('image')} label={item ? 'New image (optional)' : 'Image'} required={!item}>
          <input
            id={fieldId('image')}
            className="input input-file"
            type="file"
            accept="image/*"
            required={!item}
            onChange={(e) => form.changed(setImage, e.target.files?.[0] ?? null)}
          />
          <ImagePreview chosen={image} storedImageUrl={item?.image_url} storedAlt="The current image" />
        </Field>
        <CaptionField form={form} />
        <HindiFields form={form} />
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <UploadProgressBar progress={progress} />
      <FormActions
        onCancel={onCancel}
        saving={saving}
        savingLabel={item ? adminMessages.updating : adminMessages.uploading}
        submitLabel={item ? 'Update Image' : 'Upload Image'}
      />
    </form>
  );
}
