import { useCallback, useState } from 'react';
import type { Outcome } from './api';
import { adminMessages } from './messages';
import { notify } from './toasts';
import { uploadForm, type PostVersion, type SavedAnswer, type UploadFields, type UploadPath, type UploadProgress } from './upload';

/**
 * An admin form's save through uploadForm: whether one is under way and the bytes sent so far
 * (for FormActions and UploadProgressBar). `fallback` is the sentence for a refusal without one.
 */
export function useUpload() {
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const send = useCallback(
    async <P extends UploadPath>(path: P, fields: UploadFields<P>, fallback: string): Promise<Outcome<SavedAnswer<P>> & { conflict?: PostVersion }> => {
      setSaving(true);
      try {
        return await uploadForm(path, fields, { fallback, onProgress: setProgress });
      } finally {
        setSaving(false);
        setProgress(null);
      }
    },
    [],
  );
  return { saving, progress, send };
}

/** Shows how a save went as a toast (the server's sentence either way); true when it was saved. */
export function announceSave(outcome: Outcome<{ message: string }>): boolean {
  if (outcome.ok) notify.success(outcome.data.message);
  else notify.error(outcome.message);
  return outcome.ok;
}

/** The saves of the forms that add or edit a blog post or a gallery item. */
type ItemPath = '/api/add_blog.php' | '/api/update_blog.php' | '/api/add_gallery_image.php' | '/api/update_gallery_image.php';

/**
 * The save of a form that adds an item or edits the one it was given: to `paths.add`, or to
 * `paths.update` with the item's id; the server's sentence is announced and `onSaved` runs once
 * it is saved. `actions` are FormActions' props for it (Updating... or Uploading... meanwhile).
 */
export function useItemSave<A extends ItemPath, U extends ItemPath>(item: { id: string } | undefined, paths: { add: A; update: U }, onSaved: () => void) {
  const { saving, progress, send } = useUpload();
  async function save(fields: UploadFields<A> & UploadFields<U>, fallback: string) {
    const outcome = item ? await send(paths.update, { ...fields, id: item.id }, fallback) : await send(paths.add, fields, fallback);
    // Every ItemPath answers with the server's sentence, which TypeScript cannot see through A and U.
    if (announceSave(outcome as Outcome<SavedAnswer<ItemPath>>)) onSaved();
  }
  const actions = { saving, progress, savingLabel: item ? adminMessages.updating : adminMessages.uploading };
  return { save, actions };
}
