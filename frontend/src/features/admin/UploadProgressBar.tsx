import type { UploadProgress } from './upload';
import './UploadProgressBar.css';

/** The bytes sent so far, as a bar and a percentage (announced politely to screen readers). */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress || progress.total === 0) return null;
  const percent = Math.min(100, Math.round((progress.loaded / progress.total) * 100));
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <span aria-live="polite">{percent === 100 ? 'Processing...' : `${percent}%`}</span>
    </div>
  );
}
