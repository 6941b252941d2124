import { ApiImage } from '../../components/ApiImage';
import { useObjectUrl } from './useObjectUrls';
import './ImagePreview.css';

interface ImagePreviewProps {
  /** The image chosen in the form and not saved yet; it replaces the stored one on saving. */
  chosen: File | null;
  /** The stored image, shown until another is chosen. */
  storedImageUrl?: string | null;
  storedAlt: string;
}

/** Under an image field: the newly chosen image, else the stored one, else nothing. */
export function ImagePreview({ chosen, storedImageUrl, storedAlt }: ImagePreviewProps) {
  const chosenUrl = useObjectUrl(chosen);
  if (!chosenUrl && !storedImageUrl) return null;
  return (
    <figure className="image-preview">
      {chosenUrl ? <img src={chosenUrl} alt="The chosen image" /> : <ApiImage imageUrl={storedImageUrl!} alt={storedAlt} sizes="320px" />}
      <figcaption>{chosenUrl ? 'New image' : 'Current image'}</figcaption>
    </figure>
  );
}
