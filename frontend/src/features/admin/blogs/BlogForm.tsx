import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import type { Blog } from '../../../api/types';
import { CategoryOptions } from '../categoryOptions';
import { FormActions } from '../FormActions';
import { ImagePreview } from '../ImagePreview';
import { adminMessages } from '../messages';
import { notify } from '../toasts';
import { uploadForm, type UploadProgress } from '../upload';
import { UploadProgressBar } from '../UploadProgressBar';

interface BlogFormProps {
  /** The post being edited; without it the form adds a new post. */
  post?: Blog;
  onSaved: () => void;
  onCancel: () => void;
}

type TextField = 'title' | 'excerpt' | 'date' | 'author' | 'category' | 'content' | 'status' | 'title_hi' | 'excerpt_hi' | 'content_hi';

function initialFields(post?: Blog): Record<TextField, string> {
  return {
    status: post?.status ?? 'published',
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    date: post?.date ?? '',
    author: post?.author ?? '',
    category: post?.category ?? '',
    content: post?.content ?? '',
    title_hi: post?.title_hi ?? '',
    excerpt_hi: post?.excerpt_hi ?? '',
    content_hi: post?.content_hi ?? '',
  };
}

/**
 * The blog add/edit form of the spec: no client-side required checks, and empty fields are not
 * sent (on an edit, a field left empty keeps what is stored). The server's message is shown
 * after saving, or Failed to save blog.
 */
export function BlogForm({ post, onSaved, onCancel }: BlogFormProps) {
  const idPrefix = useId();
  const [fields, setFields] = useState(() => initialFields(post));
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const set = (name: TextField) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const { status, ...texts } = fields;
    const trimmed = {
      ...texts,
      title: fields.title.trim(),
      author: fields.author.trim(),
      excerpt: fields.excerpt.trim(),
      title_hi: fields.title_hi.trim(),
      excerpt_hi: fields.excerpt_hi.trim(),
    };
    // The status goes only when it says something new: a new post is published unless it is a
    // draft, and an edit keeps the stored status unless it was changed.
    const statusChanged = post ? status !== (post.status ?? 'published') : status === 'draft';
    const sent = { ...trimmed, ...(statusChanged ? { status: status as Blog['status'] } : {}), image: image ?? undefined };
    const options = { fallback: adminMessages.blogSaveFailed, onProgress: setProgress };
    const outcome = post ? await uploadForm('/api/update_blog.php', { ...sent, id: post.id }, options) : await uploadForm('/api/add_blog.php', sent, options);
    setSaving(false);
    setProgress(null);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    notify.success(outcome.data.message);
    onSaved();
  }

  return (
    <form className="admin-form" onSubmit={(event) => void save(event)} noValidate>
      <div className="form-grid two-columns">
        <Field id={fieldId('title')} label="Title" wide>
          <input id={fieldId('title')} className="input" value={fields.title} onChange={set('title')} maxLength={200} />
        </Field>
        <Field id={fieldId('author')} label="Author">
          <input id={fieldId('author')} className="input" value={fields.author} onChange={set('author')} maxLength={100} />
        </Field>
        <Field id={fieldId('date')} label="Date">
          <input id={fieldId('date')} className="input" type="date" value={fields.date} onChange={set('date')} />
        </Field>
        <Field id={fieldId('category')} label="Category" wide>
          <select id={fieldId('category')} className="input" value={fields.category} onChange={set('category')}>
            <CategoryOptions placeholder="Select category" />
          </select>
        </Field>
        <Field id={fieldId('status')} label="Status" wide>
          <select id={fieldId('status')} className="input" value={fields.status} onChange={set('status')} aria-describedby={fieldId('status-note')}>
            <option value="published">Published</option>
            <option value="draft">Draft</option>
          </select>
          <small id={fieldId('status-note')} className="form-hint">
            A draft is seen only here, in the admin, until it is published.
          </small>
        </Field>
        <Field id={fieldId('excerpt')} label="Excerpt" wide>
          <textarea id={fieldId('excerpt')} className="input input-short" value={fields.excerpt} onChange={set('excerpt')} maxLength={1000} />
        </Field>
        <Field id={fieldId('content')} label="Content" wide>
          <textarea id={fieldId('content')} className="input input-long" value={fields.content} onChange={set('content')} />
        </Field>
        <fieldset className="span-all admin-fieldset" aria-describedby={fieldId('hindi-note')}>
          <legend>Hindi version (optional)</legend>
          <small id={fieldId('hindi-note')} className="form-hint">
            Shown on the Hindi site (/hi/blog). Without a Hindi title the post shows there in English, marked “(English)”.
          </small>
          <div className="form-grid">
            <Field id={fieldId('title_hi')} label="Hindi title">
              <input id={fieldId('title_hi')} className="input" lang="hi" value={fields.title_hi} onChange={set('title_hi')} maxLength={200} />
            </Field>
            <Field id={fieldId('excerpt_hi')} label="Hindi excerpt">
              <textarea
                id={fieldId('excerpt_hi')}
                className="input input-short"
                lang="hi"
                value={fields.excerpt_hi}
                onChange={set('excerpt_hi')}
                maxLength={1000}
              />
            </Field>
            <Field id={fieldId('content_hi')} label="Hindi content">
              <textarea id={fieldId('content_hi')} className="input input-long" lang="hi" value={fields.content_hi} onChange={set('content_hi')} />
            </Field>
          </div>
        </fieldset>
        <Field id={fieldId('image')} label="Image" wide>
          <input
            id={fieldId('image')}
            className="input input-file"
            type="file"
            accept="image/*"
            onChange={(event) => setImage(event.target.files?.[0] ?? null)}
          />
          <ImagePreview chosen={image} storedImageUrl={post?.image_url} storedAlt="The post's current image" />
        </Field>
      </div>
      <UploadProgressBar progress={progress} />
      <FormActions
        onCancel={onCancel}
        saving={saving}
        savingLabel={post ? adminMessages.updating : adminMessages.uploading}
        submitLabel={post ? 'Update Post' : 'Save Post'}
      />
    </form>
  );
}
