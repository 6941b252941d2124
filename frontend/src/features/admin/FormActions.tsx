interface FormActionsProps {
  onCancel: () => void;
  saving: boolean;
  /** The submit button's text meanwhile: the spec's Uploading... or Updating... */
  savingLabel: string;
  submitLabel: string;
}

/** Cancel and submit at the foot of an admin form; both wait while a save is under way. */
export function FormActions({ onCancel, saving, savingLabel, submitLabel }: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving}>
        {saving ? savingLabel : submitLabel}
      </button>
    </div>
  );
}
