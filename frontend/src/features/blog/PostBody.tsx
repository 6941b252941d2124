import { useEffect, useRef } from 'react';
import { renderDocument, type BlogDocument } from '@ngo-site/shared';
import { useTranslator } from '../../i18n/i18n';
import './PostBody.css';

/**
 * A post's document as the shared renderer writes it (the server and the browser produce the
 * same HTML, so hydration matches). A video is a facade: nothing is asked of its provider until
 * the visitor presses play, then the provider's cookie-less player takes the facade's place.
 */
export function PostBody({ body, lang, eagerFirstImage }: { body: BlogDocument; lang: 'en' | 'hi'; eagerFirstImage: boolean }) {
  const { t } = useTranslator();
  const ref = useRef<HTMLDivElement>(null);
  const html = renderDocument(body, { lang, eagerFirstImage, playLabel: (title) => t('Play video: {title}', { title }) });

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const play = (event: MouseEvent) => {
      const facade = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.video-facade');
      if (!facade?.dataset.embed || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      const player = document.createElement('iframe');
      player.src = facade.dataset.embed;
      player.title = facade.dataset.title ?? '';
      player.allow = 'autoplay; fullscreen; picture-in-picture';
      player.allowFullscreen = true;
      player.className = 'video-player';
      facade.replaceWith(player);
      player.focus();
    };
    root.addEventListener('click', play);
    return () => root.removeEventListener('click', play);
  }, []);

  return <div ref={ref} className="post-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
