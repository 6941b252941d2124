import { useLocation } from '@tanstack/react-router';
import { CtaBand } from '../../components/CtaBand';
import { InnerPage } from '../../components/InnerPage';
import { pageHeroes } from '../../components/pageHeroes';
import { usePageMeta } from '../../components/usePageMeta';
import { useScrollToHash } from '../../components/useScrollToHash';
import { programScrollDelayMs, programs, womenEmpowerment } from './programs';
import { useTranslator } from '../../i18n/i18n';
import './ProgramsPage.css';

export function ProgramsPage() {
  const { t } = useTranslator();
  usePageMeta(
    t('Our Programs'),
    t('Clean water, education, reforestation and sustainable farming: how our programs work with communities in Jharkhand and Bihar.'),
  );
  const hash = useLocation({ select: (location) => location.hash });
  useScrollToHash(hash, programScrollDelayMs);

  return (
    <>
      <InnerPage hero={pageHeroes.programs} layout="program-list" as="div">
        {programs.map((program, index) => (
          <article
            key={program.id}
            id={program.id}
            className={index % 2 === 1 ? 'program program-reversed' : 'program'}
            aria-labelledby={`${program.id}-title`}
          >
            <div className="program-media">
              <img src={program.imageUrl} alt="" width="800" height="600" loading={index === 0 ? 'eager' : 'lazy'} decoding="async" />
            </div>
            <div className="program-content">
              <h2 id={`${program.id}-title`}>{t(program.title)}</h2>
              <p className="program-summary">{t(program.description)}</p>
              <p>{t(program.longDescription)}</p>
              <dl className="program-stats">
                {program.stats.map((stat) => (
                  <div key={stat.label} className="program-stat">
                    <dt>{t(stat.label)}</dt>
                    <dd>{t(stat.value)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </article>
        ))}
      </InnerPage>

      <section id={womenEmpowerment.id} className="section section-alt" aria-labelledby="women-empowerment-title">
        <div className="container program">
          <div className="program-media">
            <img src={womenEmpowerment.imageUrl} alt="" width="800" height="600" loading="lazy" decoding="async" />
          </div>
          <div className="program-content">
            <span className="eyebrow">{t('Across every program')}</span>
            <h2 id="women-empowerment-title">{t(womenEmpowerment.title)}</h2>
            <p>{t(womenEmpowerment.description)}</p>
          </div>
        </div>
      </section>

      <CtaBand
        headingId="programs-cta"
        title={t('Help us reach more villages')}
        actions={[
          { to: '/{-$lang}/donate', label: t('Donate Now') },
          { to: '/{-$lang}/contact', label: t('Contact Us') },
        ]}
      >
        {t('Your support keeps these programs growing. Give what you can, or talk to us about working together.')}
      </CtaBand>
    </>
  );
}
