import { useState } from 'react';
import { Form } from '../../../components/Form';
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
  const fields = useGalleryFields(item);
  const { fieldId, error, setError } = fields;
  const [image, setImage] = useState<File | null>(null);
  const { save: send, actions } = useItemSave(item, { add: '/api/add_gallery_image.php', update: '/api/update_gallery_image.php' }, onSaved);

  async function save() {
    const sent = { ...fields.values(), image: image ?? undefined };
    const complete = sent.title && sent.category && (item || image);
    if (!complete) {
      setError(item ? adminMessages.galleryEditRequired : adminMessages.galleryUploadRequired);
      return;
    }
    setError('');
    // The server's sentence: Image added successfully! or Image updated successfully!
    await send(sent, item ? adminMessages.galleryUpdateFailed : adminMessages.galleryUploadFailed);
  }

  return (
    <Form form={fields.form} className="admin-form" onSubmit={save} onInput={() => setError('')} noValidate>
      <div className="form-grid">
        <TitleAndCategoryFields fields={fields} />
        <ImageField
          id={fieldId('image')}
          label={item ? 'New image (optional)' : 'Image'}
          required={!item}
          chosen={image}
          storedImageUrl={item?.image_url}
          storedAlt="The current image"
          onChoose={(file) => fields.changed(setImage, file)}
        />
        <CaptionField fields={fields} />
        <HindiFields fields={fields} />
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <FormActions onCancel={onCancel} {...actions} submitLabel={item ? 'Update Image' : 'Upload Image'} />
    </Form>
  );
}
