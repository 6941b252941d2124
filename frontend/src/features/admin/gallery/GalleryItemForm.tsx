import { useState, type FormEvent } from 'react';
import type { GalleryItem } from '../../../api/types';
import { FormActions } from '../FormActions';
import { ImageField } from '../ImageField';
import { adminMessages } from '../messages';
import { useItemSave } from '../useUpload';
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
  const { save: send, actions } = useItemSave(item, { add: '/api/add_gallery_image.php', update: '/api/update_gallery_image.php' }, onSaved);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = { ...form.values(), image: image ?? undefined };
    const complete = fields.title && fields.category && (item || image);
    if (!complete) {
      setError(item ? adminMessages.galleryEditRequired : adminMessages.galleryUploadRequired);
      return;
    }
    setError('');
    // The server's sentence: Image added successfully! or Image updated successfully!
    await send(fields, item ? adminMessages.galleryUpdateFailed : adminMessages.galleryUploadFailed);
  }

  return (
    <form className="admin-form" onSubmit={(event) => void save(event)} noValidate>
      <div className="form-grid">
        <TitleAndCategoryFields form={form} />
        <ImageField
          id={fieldId('image')}
          label={item ? 'New image (optional)' : 'Image'}
          required={!item}
          chosen={image}
          storedImageUrl={item?.image_url}
          storedAlt="The current image"
          onChoose={(file) => form.changed(setImage, file)}
        />
        <CaptionField form={form} />
        <HindiFields form={form} />
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <FormActions onCancel={onCancel} {...actions} submitLabel={item ? 'Update Image' : 'Upload Image'} />
    </form>
  );
}
