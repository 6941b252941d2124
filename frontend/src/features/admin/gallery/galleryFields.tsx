import { useId, useState } from 'react';
import { TextAreaField, TextField } from '../../../components/Field';
import { CategoryField } from '../CategoryField';

/**
 * What the gallery's upload, edit and multi-image forms share: title, category and caption, the
 * form's error text (cleared as soon as a field changes) and ids for the fields' labels.
 */
export function useGalleryFields(initial: { title?: string; category?: string; caption?: string; title_hi?: string; caption_hi?: string } = {}) {
  const idPrefix = useId();
  const [title, setTitle] = useState(initial.title ?? '');
  const [category, setCategory] = useState(initial.category ?? '');
  const [caption, setCaption] = useState(initial.caption ?? '');
  const [titleHi, setTitleHi] = useState(initial.title_hi ?? '');
  const [captionHi, setCaptionHi] = useState(initial.caption_hi ?? '');
  const [error, setError] = useState('');
  /** A field changed: a validation message about the old values no longer applies. */
  const changed = <T,>(set: (value: T) => void, value: T) => {
    set(value);
    setError('');
  };
  return {
    title,
    category,
    caption,
    titleHi,
    captionHi,
    error,
    setError,
    changed,
    fieldId: (name: string) => `${idPrefix}-${name}`,
    setTitle: (value: string) => changed(setTitle, value),
    setCategory: (value: string) => changed(setCategory, value),
    setCaption,
    setTitleHi,
    setCaptionHi,
    /** The fields sent to the server, trimmed (empty ones are not sent). */
    values: () => ({ title: title.trim(), category, caption: caption.trim(), title_hi: titleHi.trim(), caption_hi: captionHi.trim() }),
    clear: () => {
      setTitle('');
      setCategory('');
      setCaption('');
      setTitleHi('');
      setCaptionHi('');
    },
  };
}

export type GalleryFields = ReturnType<typeof useGalleryFields>;

/** The required Title and Category fields. */
export function TitleAndCategoryFields({ form }: { form: GalleryFields }) {
  return (
    <>
      <TextField
        id={form.fieldId('title')}
        label="Title"
        markRequired
        required
        value={form.title}
        onChange={(e) => form.setTitle(e.target.value)}
        maxLength={200}
      />
      <CategoryField id={form.fieldId('category')} markRequired required value={form.category} onChange={(e) => form.setCategory(e.target.value)} />
    </>
  );
}

/** The optional Caption field. */
export function CaptionField({ form, wide }: { form: GalleryFields; wide?: boolean }) {
  return (
    <TextAreaField
      id={form.fieldId('caption')}
      label="Caption (optional)"
      wide={wide}
      className="input-short"
      value={form.caption}
      onChange={(e) => form.setCaption(e.target.value)}
      maxLength={1000}
    />
  );
}

/** The optional Hindi title and caption, shown on the Hindi gallery (/hi/gallery). */
export function HindiFields({ form, wide }: { form: GalleryFields; wide?: boolean }) {
  return (
    <>
      <TextField
        id={form.fieldId('title_hi')}
        label="Hindi title (optional)"
        wide={wide}
        lang="hi"
        value={form.titleHi}
        onChange={(e) => form.setTitleHi(e.target.value)}
        maxLength={200}
      />
      <TextAreaField
        id={form.fieldId('caption_hi')}
        label="Hindi caption (optional)"
        wide={wide}
        className="input-short"
        lang="hi"
        value={form.captionHi}
        onChange={(e) => form.setCaptionHi(e.target.value)}
        maxLength={1000}
      />
    </>
  );
}
