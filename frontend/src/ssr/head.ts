// The <head> of a server-rendered page: what crawlers and link previews read (title, description,
// canonical and alternate-language links, Open Graph and Twitter tags, JSON-LD, the feed). Every
// absolute URL starts with the configured origin (PUBLIC_URL), never with a Host header.
import { feedPath, imageVariantUrl } from '@ngo-site/shared';
import type { EventView } from '@ngo-site/shared';
import type { Blog } from '../api/types';
import { describePost } from '../features/blog/display';
import type { SiteView } from '../site';
import type { NGO } from 'schema-dts';
import { eventJsonLd } from './event-json-ld';
import type { PageMeta } from './page-meta';
import { alternatesOf, langOfPath } from '../i18n/paths';

export interface HeadInput {
  /** The site's origin, e.g. https://example.org (no trailing slash). */
  origin: string;
  /** The page's path and the query that selects its content (/blog?page=2), as canonical. */
  canonicalPath: string;
  status: number;
  site: SiteView;
  /** What the page declared with usePageMeta while it rendered. */
  meta: PageMeta | null;
  /** The route that matched, e.g. '/{-$lang}/', '/{-$lang}/blog/$id'. */
  routeId: string;
  /** On a post's page: the post. */
  post?: Blog;
  /** On an event's page: the event. */
  event?: EventView;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, ' ');

export function pageTitle(title: string, siteName: string): string {
  return title === siteName ? title : `${title} | ${siteName}`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The organisation as schema.org describes it (an object, not a reference). */
type Organisation = Exclude<NGO, string>;

function organisation(site: SiteView, origin: string): Organisation {
  return {
    '@type': 'NGO',
    name: site.name,
    url: `${origin}/`,
    description: site.tagline,
    email: site.email,
    telephone: site.phones[0],
    address: { '@type': 'PostalAddress', streetAddress: site.address.lines.join(', '), addressCountry: 'IN' },
    sameAs: site.social.map((network) => network.href),
    logo: `${origin}/favicon.svg`,
  };
}

export function buildHead({ origin, canonicalPath, status, site, meta: declared, routeId, post, event }: HeadInput): string {
  const title = pageTitle(declared?.title ?? site.name, site.name);
  const description = declared?.description ?? site.tagline;
  const url = `${origin}${canonicalPath}`;
  const imageUrl = post?.image_url ?? event?.image_url;
  const image = imageUrl ? `${origin}${imageVariantUrl(imageUrl, 1280)}` : undefined;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.name)}" href="${origin}${feedPath}" />`,
  ];
  // A mailed link's page (its token in the address) is for its addressee, not for search engines.
  if (status !== 200 || /^\/(hi\/)?newsletter\/./.test(canonicalPath)) {
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('\n    ');
  }
  // The same page in the other language (the browser keeps these up to date as it navigates).
  const pathname = canonicalPath.split('?')[0]!;
  for (const [hreflang, path] of alternatesOf(pathname)) {
    tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${origin}${path}`)}" />`);
  }
  tags.push(
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', post ? describePost(post).title : title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:type', post ? 'article' : 'website'),
    meta('property', 'og:locale', langOfPath(pathname) === 'hi' ? 'hi_IN' : 'en_IN'),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', post ? describePost(post).title : title),
    meta('name', 'twitter:description', description),
  );
  if (image) {
    tags.push(
      meta('property', 'og:image', image),
      meta('property', 'og:image:alt', post ? describePost(post).title : (event?.title ?? title)),
      meta('name', 'twitter:image', image),
    );
  }
  if (post) {
    tags.push(meta('property', 'article:published_time', post.date), meta('property', 'article:modified_time', post.updated_at));
  }
  const jsonLd =
    routeId === '/{-$lang}/'
      ? { '@context': 'https://schema.org', ...organisation(site, origin) }
      : event
        ? eventJsonLd(event, { url, image, organiser: organisation(site, origin) })
        : post
          ? {
              '@context': 'https://schema.org',
              '@type': 'BlogPosting',
              headline: describePost(post).title,
              description,
              datePublished: post.date,
              dateModified: post.updated_at,
              author: { '@type': 'Person', name: post.author },
              publisher: organisation(site, origin),
              mainEntityOfPage: url,
              ...(image ? { image } : {}),
            }
          : undefined;
  if (jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(jsonLd)}</script>`);
  return tags.join('\n    ');
}
