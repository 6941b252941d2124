import { useId, useState } from 'react';
import { TextAreaField, TextField } from '../../../components/Field';
import { useForm } from '../../../components/Form';
import { CategoryField } from '../CategoryField';

/**
 * What the gallery's upload, edit and multi-image forms share: title, category and caption on the
 * form model (`form`, for `<Form>`), the form's error text (cleared as soon as a field changes)
 * and ids for the fields' labels.
 */
export function useGalleryFields(initial: { title?: string; category?: string; caption?: string; title_hi?: string; caption_hi?: string } = {}) {
  const idPrefix = useId();
  const form = useForm({
    title: initial.title ?? '',
    category: initial.category ?? '',
    caption: initial.caption ?? '',
    title_hi: initial.title_hi ?? '',
    caption_hi: initial.caption_hi ?? '',
  });
  const [error, setError] = useState('');
  /** Something changed besides the fields (the images): a validation message about the old values no longer applies. */
  const changed = <T,>(set: (value: T) => void, value: T) => {
    set(value);
    setError('');
  };
  return {
    form,
    error,
    setError,
    changed,
    fieldId: (name: string) => `${idPrefix}-${name}`,
    /** The fields sent to the server, trimmed (empty ones are not sent). */
    values: () => {
      const { title, category, caption, title_hi, caption_hi } = form.read();
      return { title: title.trim(), category, caption: caption.trim(), title_hi: title_hi.trim(), caption_hi: caption_hi.trim() };
    },
  };
}

export type GalleryFields = ReturnType<typeof useGalleryFields>;

/** The required Title and Category fields. */
export function TitleAndCategoryFields({ fields: { form, fieldId } }: { fields: GalleryFields }) {
  return (
    <>
      <TextField id={fieldId('title')} label="Title" markRequired required maxLength={200} {...form.field('title')} />
      <CategoryField id={fieldId('category')} markRequired required {...form.field('category')} />
    </>
  );
}

/** The optional Caption field. */
export function CaptionField({ fields: { form, fieldId }, wide }: { fields: GalleryFields; wide?: boolean }) {
  return <TextAreaField id={fieldId('caption')} label="Caption (optional)" wide={wide} className="input-short" maxLength={1000} {...form.field('caption')} />;
}

/** The optional Hindi title and caption, shown on the Hindi gallery (/hi/gallery). */
export function HindiFields({ fields: { form, fieldId }, wide }: { fields: GalleryFields; wide?: boolean }) {
  return (
    <>
      <TextField id={fieldId('title_hi')} label="Hindi title (optional)" wide={wide} lang="hi" maxLength={200} {...form.field('title_hi')} />
      <TextAreaField
        id={fieldId('caption_hi')}
        label="Hindi caption (optional)"
        wide={wide}
        className="input-short"
        lang="hi"
        maxLength={1000}
        {...form.field('caption_hi')}
      />
    </>
  );
}
