import { Link } from '@tanstack/react-router';
import fallbackImage from '../../assets/gallery-fallback.svg';
import type { BlogSummary } from '../../api/types';
import { ApiImage } from '../../components/ApiImage';
import { Icon } from '../../components/Icon';
import { usePrograms } from '../programs/program-list';
import { programArtFor } from '../programs/programs';
import { describePost } from './display';
import { EnglishMark } from '../../components/EnglishMark';
import { useTranslator } from '../../i18n/i18n';
import './BlogCard.css';

export const blogCardImageSizes = '(min-width: 1180px) 370px, (min-width: 700px) 45vw, 100vw';

export function BlogCard({ post, priority }: { post: BlogSummary; priority: boolean }) {
  const translator = useTranslator();
  const { t } = translator;
  const shown = describePost(post, translator, usePrograms());
  return (
    <article className="card blog-card">
      <div className="card-media">
        {post.image_url ? (
          <ApiImage imageUrl={post.image_url} alt={shown.title} sizes={blogCardImageSizes} priority={priority} />
        ) : (
          <img src={programArtFor(post.category) ?? fallbackImage} alt="" width="800" height="600" loading="lazy" decoding="async" />
        )}
      </div>
      <div className="card-body">
        <span className="badge">{shown.category}</span>
        <h2 lang={shown.inEnglish ? 'en' : undefined}>
          <Link to="/{-$lang}/blog/$id" params={{ id: post.id }} className="card-title-link">
            {shown.title}
          </Link>
          {shown.inEnglish && <EnglishMark />}
        </h2>
        <div className="meta-row">
          <span>
            <Icon name="user" size={15} />
            {shown.author}
          </span>
          <span>
            <Icon name="calendar" size={15} />
            {shown.date}
          </span>
        </div>
        <p>{shown.excerpt}</p>
        <Link to="/{-$lang}/blog/$id" params={{ id: post.id }} className="card-link" aria-hidden="true" tabIndex={-1}>
          {t('Read More')}
          <span className="visually-hidden">: {shown.title}</span> <Icon name="arrow" size={18} />
        </Link>
      </div>
    </article>
  );
}
