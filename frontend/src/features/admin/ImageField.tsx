import { Field } from '../../components/Field';
import { ImagePreview } from './ImagePreview';

interface ImageFieldProps {
  id: string;
  label: string;
  /** Marks the field and makes the browser ask for a file. */
  required?: boolean;
  wide?: boolean;
  /** The file chosen and not saved yet, and the image stored now (shown until another is chosen). */
  chosen: File | null;
  storedImageUrl?: string | null;
  storedAlt: string;
  onChoose: (file: File | null) => void;
}

/** One image to upload, with a preview of the chosen file or of the stored image under it. */
export function ImageField({ id, label, required, wide, chosen, storedImageUrl, storedAlt, onChoose }: ImageFieldProps) {
  return (
    <Field id={id} label={label} required={required} wide={wide}>
      <input
        id={id}
        className="input input-file"
        type="file"
        accept="image/*"
        required={required}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      <ImagePreview chosen={chosen} storedImageUrl={storedImageUrl} storedAlt={storedAlt} />
    </Field>
  );
}
