import { useState } from 'react';
import fallbackImage from '../../assets/gallery-fallback.svg';
import type { GalleryItem } from '../../api/types';
import { ApiImage } from '../../components/ApiImage';
import { programTag, usePrograms } from '../programs/program-list';
import { galleryFallbacks } from './display';
import { EnglishMark } from '../../components/EnglishMark';
import { useTranslator } from '../../i18n/i18n';
import './GalleryCard.css';

const galleryImageSizes = '(min-width: 1180px) 370px, (min-width: 700px) 45vw, 100vw';

export function GalleryCard({ item, priority }: { item: GalleryItem; priority: boolean }) {
  const [imageFailed, setImageFailed] = useState(false);
  const { t } = useTranslator();
  const programs = usePrograms();
  const title = item.title?.trim() || t(galleryFallbacks.title);
  const caption = item.caption?.trim() || t(galleryFallbacks.caption);
  const inEnglish = item.text_lang === 'en';

  return (
    <article className="card gallery-card">
      <div className="card-media">
        {item.image_url && !imageFailed ? (
          <ApiImage imageUrl={item.image_url} alt={title} sizes={galleryImageSizes} priority={priority} onError={() => setImageFailed(true)} />
        ) : (
          <img
            className="gallery-fallback"
            src={fallbackImage}
            alt={t('{title} (no image available)', { title })}
            width="800"
            height="600"
            loading="lazy"
            decoding="async"
          />
        )}
      </div>
      <div className="card-body">
        {item.category && <span className="badge">{programTag(programs, item.category)}</span>}
        <h2 lang={inEnglish ? 'en' : undefined}>
          {title}
          {inEnglish && <EnglishMark />}
        </h2>
        <p lang={inEnglish ? 'en' : undefined}>{caption}</p>
      </div>
    </article>
  );
}
