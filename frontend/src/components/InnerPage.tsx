import type { ReactNode } from 'react';
import { PageHero } from './PageHero';

interface InnerPageProps {
  /** The banner's texts, in the page's language. */
  hero: { title: string; eyebrow: string; intro: string };
  /** Classes added to the first section's container, e.g. a form layout. */
  layout?: string;
  /** The first section's element; a list of articles sits in a plain div. */
  as?: 'section' | 'div';
  children: ReactNode;
}

/** An inner page's banner and its first section; later sections follow as siblings. */
export function InnerPage({ hero, layout, as: Body = 'section', children }: InnerPageProps) {
  return (
    <>
      <PageHero title={hero.title} eyebrow={hero.eyebrow}>
        {hero.intro}
      </PageHero>
      <Body className="section">
        <div className={layout ? `container ${layout}` : 'container'}>{children}</div>
      </Body>
    </>
  );
}
