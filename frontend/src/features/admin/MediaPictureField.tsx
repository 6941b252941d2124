import { useState } from 'react';
import { storedImageUrl } from '@ngo-site/shared';
import { ImagePreview } from './ImagePreview';
import { MediaPicker } from './blogs/editor/MediaPicker';
import './MediaPictureField.css';

/** A picture chosen from the media library (an image's id, or null for none): a page's, a campaign's. */
export function MediaPictureField({
  id,
  label,
  shortLabel,
  value,
  emptyText,
  onChange,
}: {
  id: string;
  /** Names the picture in full ("Picture of Clean Water"), for the buttons. */
  label: string;
  shortLabel: string;
  value: string | null;
  emptyText: string;
  onChange: (id: string | null) => void;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="field span-all page-picture" role="group" aria-labelledby={`${id}-label`}>
      <span className="field-label" id={`${id}-label`}>
        {shortLabel}
      </span>
      {value ? <ImagePreview chosen={null} storedImageUrl={storedImageUrl(value)} storedAlt={`The chosen ${label}`} /> : <p className="muted">{emptyText}</p>}
      <div className="page-picture-actions">
        <button type="button" className="btn btn-outline" onClick={() => setPicking(true)}>
          Choose <span className="visually-hidden">{label}</span> from the media library
        </button>
        {value && (
          <button type="button" className="btn btn-outline" onClick={() => onChange(null)}>
            Remove <span className="visually-hidden">{label}</span>
          </button>
        )}
      </div>
      {picking && (
        <MediaPicker
          onPick={(image) => {
            onChange(image.id);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
