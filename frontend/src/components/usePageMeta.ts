import { useContext, useEffect } from 'react';
import { PageMetaSink } from '../ssr/page-meta';
import { useSiteSettings } from '../site';

/** Sets the document title and meta description of the page being shown. */
export function usePageMeta(title: string, description: string): void {
  const site = useSiteSettings();
  // On the server effects do not run: the head builder reads the page's title from the sink.
  useContext(PageMetaSink)?.({ title, description });
  useEffect(() => {
    document.title = title === site.name ? title : `${title} | ${site.name}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description, site.name]);
}
