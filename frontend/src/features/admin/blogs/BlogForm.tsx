import { lazy, Suspense, useId, useState } from 'react';
import type { BlogDocument } from '@ngo-site/shared';
import { SelectField, TextAreaField, TextField } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import type { Blog } from '../../../api/types';
import { CategoryField } from '../CategoryField';
import { FormActions } from '../FormActions';
import { ImageField } from '../ImageField';
import { adminMessages } from '../messages';
import { useUpload } from '../useUpload';
import { AutosaveStatus, ConflictNotice, DraftRestoredNotice } from './history/HistoryNotices';
import { RevisionsPanel } from './history/RevisionsPanel';
import { usePostHistory } from './history/usePostHistory';
import { fromIndiaInput, toIndiaInput } from './india-time';
import './BlogForm.css';

// TipTap is loaded only when a post is written, in its own chunk.
const BodyEditor = lazy(() => import('./editor/BodyEditor'));

interface BlogFormProps {
  /** The post being edited; without it the form adds a new post. */
  post?: Blog;
  onSaved: () => void;
  onCancel: () => void;
  /** Shows the post as saved now (after "Load their version" or a restore); without it the form closes. */
  onReload?: (post: Blog) => void;
  /** Told whether the form holds changes that are not saved (for the leave warning). */
  onDirtyChange?: (dirty: boolean) => void;
}

const statusOptions = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

type PostField = 'title' | 'excerpt' | 'date' | 'author' | 'category' | 'status' | 'title_hi' | 'excerpt_hi' | 'publish_at';
type Bodies = { body?: BlogDocument; body_hi?: BlogDocument };

/** The texts as the form sends them: JSON, once edited. */
const bodyTexts = (bodies: Bodies): Record<string, string> => Object.fromEntries(Object.entries(bodies).map(([field, doc]) => [field, JSON.stringify(doc)]));

function parsedBody(text: string | undefined): BlogDocument | undefined {
  try {
    return text ? (JSON.parse(text) as BlogDocument) : undefined;
  } catch {
    return undefined;
  }
}

function initialFields(post?: Blog): Record<PostField, string> {
  return {
    status: post?.status ?? 'published',
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    date: post?.date ?? '',
    author: post?.author ?? '',
    category: post?.category ?? '',
    title_hi: post?.title_hi ?? '',
    excerpt_hi: post?.excerpt_hi ?? '',
    publish_at: toIndiaInput(post?.publish_at),
  };
}

/**
 * The blog add/edit form of the spec: no client-side required checks, and empty fields are not
 * sent (on an edit, a field left empty keeps what is stored). The server's message is shown
 * after saving, or Failed to save blog.
 */
export function BlogForm({ post, onSaved, onCancel, onReload = onCancel, onDirtyChange }: BlogFormProps) {
  const idPrefix = useId();
  const form = useForm(initialFields(post));
  const [image, setImage] = useState<File | null>(null);
  const { saving, progress, send } = useUpload();
  const actions = { saving, progress, savingLabel: post ? adminMessages.updating : adminMessages.uploading };
  // The texts as documents, once edited (an untouched text is not sent, so it stays as stored).
  const [bodies, setBodies] = useState<Bodies>({});
  // What the editors start from: the post's texts, or an autosave's (the editors are made anew).
  const [start, setStart] = useState({ body: post?.body, body_hi: post?.body_hi, key: 0 });
  const history = usePostHistory({
    post,
    values: { ...form.values, ...bodyTexts(bodies) },
    load: (saved) => {
      const typed = saved ?? {};
      const base = initialFields(post);
      form.set(Object.fromEntries(Object.entries(base).map(([name, value]) => [name, typed[name] ?? value])) as typeof base);
      const docs = { body: parsedBody(typed.body), body_hi: parsedBody(typed.body_hi) };
      setBodies(Object.fromEntries(Object.entries(docs).filter(([, doc]) => doc)));
      setStart((now) => ({ body: docs.body ?? post?.body, body_hi: docs.body_hi ?? post?.body_hi, key: now.key + 1 }));
    },
    onSaved,
    onReload,
    onDirtyChange,
  });
  const fieldId = (name: string) => `${idPrefix}-${name}`;

  async function save(fields: Record<PostField, string>) {
    const { status, publish_at, ...texts } = fields;
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
    // The time goes only when it was changed (empty clears it), in India time whatever this computer's zone.
    const publishAtChanged = publish_at !== toIndiaInput(post?.publish_at);
    const sent = {
      ...trimmed,
      ...bodyTexts(bodies),
      ...(statusChanged ? { status: status as Blog['status'] } : {}),
      ...(publishAtChanged ? { publish_at: fromIndiaInput(publish_at) } : {}),
      image: image ?? undefined,
    };
    // An edit names the version it was opened at: a save by someone else meanwhile is not overwritten.
    await history.submit((version) =>
      post
        ? send('/api/update_blog.php', { ...sent, id: post.id, ...(version ? { version: String(version) } : {}) }, adminMessages.blogSaveFailed)
        : send('/api/add_blog.php', sent, adminMessages.blogSaveFailed),
    );
  }

  return (
    <Form form={form} className="admin-form" onSubmit={save} noValidate>
      <div className="form-grid two-columns">
        {history.restoredFrom && <DraftRestoredNotice savedAt={history.restoredFrom} onDiscard={() => void history.discard()} />}
        <TextField id={fieldId('title')} label="Title" wide maxLength={200} {...form.field('title')} />
        <TextField id={fieldId('author')} label="Author" maxLength={100} {...form.field('author')} />
        <TextField id={fieldId('date')} label="Date" type="date" {...form.field('date')} />
        <CategoryField id={fieldId('category')} wide {...form.field('category')} />
        <SelectField
          id={fieldId('status')}
          label="Status"
          wide
          options={statusOptions}
          hint="A draft is seen only here, in the admin, until it is published."
          {...form.field('status')}
        />
        <TextField
          id={fieldId('publish_at')}
          label="Publish at (India time, IST)"
          type="datetime-local"
          wide
          hint="Leave empty to publish when saved. A published post with a time ahead stays off the site until then, appears by itself at that time and is dated that day. The time is India time whatever this computer's time zone."
          {...form.field('publish_at')}
        />
        <TextAreaField id={fieldId('excerpt')} label="Excerpt" wide className="input-short" maxLength={1000} {...form.field('excerpt')} />
        <BodyField key={`en-${start.key}`} label="Content" initial={start.body} onChange={(body) => setBodies((now) => ({ ...now, body }))} />
        <fieldset className="span-all admin-fieldset" aria-describedby={fieldId('hindi-note')}>
          <legend>Hindi version (optional)</legend>
          <small id={fieldId('hindi-note')} className="form-hint">
            Shown on the Hindi site (/hi/blog). Without a Hindi title the post shows there in English, marked “(English)”.
          </small>
          <div className="form-grid">
            <TextField id={fieldId('title_hi')} label="Hindi title" lang="hi" maxLength={200} {...form.field('title_hi')} />
            <TextAreaField id={fieldId('excerpt_hi')} label="Hindi excerpt" className="input-short" lang="hi" maxLength={1000} {...form.field('excerpt_hi')} />
            <BodyField
              key={`hi-${start.key}`}
              label="Hindi content"
              lang="hi"
              initial={start.body_hi}
              onChange={(body_hi) => setBodies((now) => ({ ...now, body_hi }))}
            />
          </div>
        </fieldset>
        <ImageField
          id={fieldId('image')}
          label="Image"
          wide
          chosen={image}
          storedImageUrl={post?.image_url}
          storedAlt="The post's current image"
          onChoose={setImage}
        />
        {post && <RevisionsPanel post={post} version={history.version} onRestored={history.restored} />}
        {history.conflict && (
          <ConflictNotice current={history.conflict} onLoadTheirs={() => void history.loadTheirs()} onSaveMine={() => void history.saveMine()} />
        )}
      </div>
      <AutosaveStatus state={history.autosave} />
      <FormActions onCancel={onCancel} {...actions} submitLabel={post ? 'Update Post' : 'Save Post'} />
    </Form>
  );
}

function BodyField({ label, lang, initial, onChange }: { label: string; lang?: string; initial?: BlogDocument; onChange: (doc: BlogDocument) => void }) {
  return (
    <div className="field span-all">
      <span className="field-label" aria-hidden="true">
        {label}
      </span>
      <Suspense fallback={<div className="editor editor-loading">Loading the editor…</div>}>
        <BodyEditor label={label} lang={lang} initial={initial} onChange={onChange} />
      </Suspense>
    </div>
  );
}
