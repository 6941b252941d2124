import type { ReactNode } from 'react';
import { useTranslator } from '../i18n/i18n';
import { PageHero } from './PageHero';
import type { PageHeroTexts } from './pageHeroes';

interface InnerPageProps {
  hero: PageHeroTexts;
  /** Classes added to the first section's container, e.g. a form layout. */
  layout?: string;
  /** The first section's element; a list of articles sits in a plain div. */
  as?: 'section' | 'div';
  children: ReactNode;
}

/** An inner page's banner and its first section; later sections follow as siblings. */
export function InnerPage({ hero, layout, as: Body = 'section', children }: InnerPageProps) {
  const { t } = useTranslator();
  return (
    <>
      <PageHero title={t(hero.title)} eyebrow={t(hero.eyebrow)}>
        {t(hero.intro)}
      </PageHero>
      <Body className="section">
        <div className={layout ? `container ${layout}` : 'container'}>{children}</div>
      </Body>
    </>
  );
}
