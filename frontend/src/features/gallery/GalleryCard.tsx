import { useState } from 'react';
import fallbackImage from '../../assets/gallery-fallback.svg';
import type { GalleryItem } from '../../api/types';
import { ApiImage } from '../../components/ApiImage';
import { categoryLabel } from '../categories';
import { galleryFallbacks } from './display';

const galleryImageSizes = '(min-width: 1180px) 370px, (min-width: 700px) 45vw, 100vw';

export function GalleryCard({ item, priority }: { item: GalleryItem; priority: boolean }) {
  const [imageFailed, setImageFailed] = useState(false);
  const title = item.title?.trim() || galleryFallbacks.title;
  const caption = item.caption?.trim() || galleryFallbacks.caption;

  return (
    <article className="card gallery-card">
      <div className="card-media">
        {item.image_url && !imageFailed ? (
          <ApiImage
            imageUrl={item.image_url}
            alt={title}
            sizes={galleryImageSizes}
            priority={priority}
            onError={() => setImageFailed(true)}
          />
        ) : (
          <img
            className="gallery-fallback"
            src={fallbackImage}
            alt={`${title} (no image available)`}
            width="800"
            height="600"
            loading="lazy"
            decoding="async"
          />
        )}
      </div>
      <div className="card-body">
        {item.category && <span className="badge">{categoryLabel(item.category)}</span>}
        <h2>{title}</h2>
        <p>{caption}</p>
      </div>
    </article>
  );
}
