import type { ReactNode } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { ApiImage } from '../../components/ApiImage';
import { Icon } from '../../components/Icon';
import { usePageMeta } from '../../components/usePageMeta';
import type { Blog } from '../../api/types';
import { usePrograms } from '../programs/program-list';
import { describePost } from './display';
import { EnglishMark } from '../../components/EnglishMark';
import { useTranslator } from '../../i18n/i18n';
import './PostPage.css';
import { StatusPage } from '../../components/StatusPage';
import { PostBody } from './PostBody';
import { SubscribeBoxSlot } from '../newsletter/SubscribeBoxSlot';

const postRoute = getRouteApi('/{-$lang}/blog/$id');

/** A post saved before documents: its plain text as paragraphs, never HTML. */
function paragraphsOf(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function PostPage() {
  const translator = useTranslator();
  const { t } = translator;
  const post = postRoute.useLoaderData();
  const shown = describePost(post, translator);
  usePageMeta(shown.title, post.excerpt.trim() || t('{title}: a story from our programs in Jharkhand and Bihar.', { title: shown.title }));
  return (
    <PostArticle post={post} footer={post.preview ? null : <SubscribeBoxSlot />}>
      {post.preview && (
        <p className="preview-notice" role="status">
          <strong>{t('Preview')}</strong> {t('This post is not public yet: only people with this link see this page.')}
        </p>
      )}
      <Link to="/{-$lang}/blog" className="back-link">
        <Icon name="arrow" size={18} className="flip" />
        {t('Back to Blog')}
      </Link>
    </PostArticle>
  );
}

/** A post as visitors read it. */
function PostArticle({ post, children, footer }: { post: Blog; children?: ReactNode; footer?: ReactNode }) {
  const translator = useTranslator();
  const shown = describePost(post, translator, usePrograms());
  const paragraphs = paragraphsOf(post.content);
  const hasBody = Boolean(post.body?.content.length);

  return (
    <article className="section post">
      <div className="container narrow">
        {children}
        <span className="badge">{shown.category}</span>
        <h1 className="post-title" lang={shown.inEnglish ? 'en' : undefined}>
          {shown.title}
          {shown.inEnglish && <EnglishMark />}
        </h1>
        <div className="meta-row post-meta">
          <span>
            <Icon name="user" size={16} />
            {shown.author}
          </span>
          <span>
            <Icon name="calendar" size={16} />
            {shown.date}
          </span>
        </div>
        {post.image_url && <ApiImage className="post-image" imageUrl={post.image_url} alt={shown.title} sizes="(min-width: 800px) 760px, 100vw" priority />}
        <div className="post-content" lang={shown.inEnglish ? 'en' : undefined}>
          {post.body && hasBody ? (
            <PostBody body={post.body} lang={translator.lang} eagerFirstImage={!post.image_url} />
          ) : paragraphs.length > 0 ? (
            paragraphs.map((paragraph, index) => <p key={index}>{paragraph}</p>)
          ) : (
            <p>{shown.excerpt}</p>
          )}
        </div>
        {footer}
      </div>
    </article>
  );
}

export function PostNotFound() {
  const { t } = useTranslator();
  usePageMeta(t('Post Not Found'), t('This blog post does not exist or has been removed.'));
  return (
    <StatusPage title={t('Post Not Found')} lead={t('This blog post does not exist or has been removed.')}>
      <BackToBlog />
    </StatusPage>
  );
}

export function PostLoadError() {
  const { t } = useTranslator();
  usePageMeta(t('Blog & News'), t('Stories and news from our programs.'));
  return (
    <StatusPage title={t('We could not load this post')} lead={t('Please check your connection and try again in a moment.')}>
      <BackToBlog />
    </StatusPage>
  );
}

function BackToBlog() {
  const { t } = useTranslator();
  return (
    <Link to="/{-$lang}/blog" className="btn btn-primary">
      {t('Back to Blog')}
    </Link>
  );
}
