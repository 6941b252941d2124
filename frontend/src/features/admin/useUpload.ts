import { useCallback, useState } from 'react';
import type { Outcome } from './api';
import { notify } from './toasts';
import { uploadForm, type SavedAnswer, type UploadFields, type UploadPath, type UploadProgress } from './upload';

/**
 * An admin form's save through uploadForm: whether one is under way and the bytes sent so far
 * (for FormActions and UploadProgressBar). `fallback` is the sentence for a refusal without one.
 */
export function useUpload() {
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const send = useCallback(async <P extends UploadPath>(path: P, fields: UploadFields<P>, fallback: string): Promise<Outcome<SavedAnswer<P>>> => {
    setSaving(true);
    try {
      return await uploadForm(path, fields, { fallback, onProgress: setProgress });
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }, []);
  return { saving, progress, send };
}

/** Shows how a save went as a toast (the server's sentence either way); true when it was saved. */
export function announceSave(outcome: Outcome<{ message: string }>): boolean {
  if (outcome.ok) notify.success(outcome.data.message);
  else notify.error(outcome.message);
  return outcome.ok;
}
