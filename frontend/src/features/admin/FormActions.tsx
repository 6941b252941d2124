import type { UploadProgress } from './upload';
import { UploadProgressBar } from './UploadProgressBar';

interface FormActionsProps {
  onCancel: () => void;
  saving: boolean;
  /** The bytes of the save sent so far (shown as a bar above the buttons). */
  progress: UploadProgress | null;
  /** The submit button's text meanwhile: the spec's Uploading... or Updating... */
  savingLabel: string;
  submitLabel: string;
}

/** The foot of an admin form: the upload's progress, then Cancel and submit, which wait while a save is under way. */
export function FormActions({ onCancel, saving, progress, savingLabel, submitLabel }: FormActionsProps) {
  return (
    <>
      <UploadProgressBar progress={progress} />
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
          {saving ? savingLabel : submitLabel}
        </button>
      </div>
    </>
  );
}

interface SubmitActionsProps {
  label: string;
  /** While the form is being sent the button waits and says `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /** A secondary action of its panel (outlined), rather than the panel's main one. */
  outline?: boolean;
  /** Across every column of the form's grid (the default). */
  wide?: boolean;
}

/** The foot of an admin form that has nothing to cancel: its one submit button. */
export function SubmitActions({ label, busy = false, busyLabel, outline = false, wide = true }: SubmitActionsProps) {
  return (
    <div className={wide ? 'form-actions span-all' : 'form-actions'}>
      <button type="submit" className={outline ? 'btn btn-outline' : 'btn btn-primary'} disabled={busy}>
        {busy && busyLabel ? busyLabel : label}
      </button>
    </div>
  );
}
