import { useLoaderData, useLocation } from '@tanstack/react-router';
import { CtaBand } from '../../components/CtaBand';
import { InnerPage } from '../../components/InnerPage';
import { PageText } from '../../components/PageText';
import { usePageMeta } from '../../components/usePageMeta';
import { useScrollToHash } from '../../components/useScrollToHash';
import { ProgramPicture } from './ProgramPicture';
import { programScrollDelayMs } from './programs';
import { useTranslator } from '../../i18n/i18n';
import './ProgramsPage.css';

const pictureSizes = '(min-width: 1180px) 520px, (min-width: 860px) 45vw, 100vw';

export function ProgramsPage() {
  const { t } = useTranslator();
  const { hero, items, across_eyebrow, cta, meta_description } = useLoaderData({ from: '/{-$lang}/programs' });
  usePageMeta(t('Our Programs'), meta_description);
  const hash = useLocation({ select: (location) => location.hash });
  useScrollToHash(hash, programScrollDelayMs);
  // The programs that run across the others close the list, each in a band of its own.
  const programs = items.filter((program) => !program.across);
  const across = items.filter((program) => program.across);

  return (
    <>
      <InnerPage hero={hero} layout="program-list" as="div">
        {programs.map((program, index) => (
          <article
            key={program.id}
            id={program.id}
            className={index % 2 === 1 ? 'program program-reversed' : 'program'}
            aria-labelledby={`${program.id}-title`}
          >
            <div className="program-media">
              <ProgramPicture program={program} sizes={pictureSizes} priority={index === 0} />
            </div>
            <div className="program-content">
              <h2 id={`${program.id}-title`}>{program.name}</h2>
              <p className="program-summary">{program.summary}</p>
              <PageText html={program.html} />
              {program.where && <p className="program-where">{program.where}</p>}
              {program.figures.length > 0 && (
                <dl className="program-stats">
                  {program.figures.map((figure, at) => (
                    <div key={at} className="program-stat">
                      <dt>{figure.label}</dt>
                      <dd>{figure.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </div>
          </article>
        ))}
      </InnerPage>

      {across.map((program) => (
        <section key={program.id} id={program.id} className="section section-alt" aria-labelledby={`${program.id}-title`}>
          <div className="container program">
            <div className="program-media">
              <ProgramPicture program={program} sizes={pictureSizes} />
            </div>
            <div className="program-content">
              <span className="eyebrow">{across_eyebrow}</span>
              <h2 id={`${program.id}-title`}>{program.name}</h2>
              <PageText html={program.html} />
            </div>
          </div>
        </section>
      ))}

      <CtaBand
        headingId="programs-cta"
        title={cta.title}
        actions={[
          { to: '/{-$lang}/donate', label: t('Donate Now') },
          { to: '/{-$lang}/contact', label: t('Contact Us') },
        ]}
      >
        {cta.text}
      </CtaBand>
    </>
  );
}
