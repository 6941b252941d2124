import { Link, useLocation } from '@tanstack/react-router';
import { PageHero } from '../../components/PageHero';
import { usePageMeta } from '../../components/usePageMeta';
import { useScrollToHash } from '../../components/useScrollToHash';
import { programScrollDelayMs, programs, womenEmpowerment } from './programs';
import { useTranslator } from '../../i18n/i18n';

export function ProgramsPage() {
  const { t, localPath } = useTranslator();
  usePageMeta(
    t('Our Programs'),
    t('Clean water, education, reforestation and sustainable farming: how our programs work with communities in Jharkhand and Bihar.'),
  );
  const hash = useLocation({ select: (location) => location.hash });
  useScrollToHash(hash, programScrollDelayMs);

  return (
    <>
      <PageHero title={t('Our Programs')} eyebrow={t('What we do')}>
        {t('Four connected programs, planned and run with the communities they serve, for change that lasts.')}
      </PageHero>

      <div className="section">
        <div className="container program-list">
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
        </div>
      </div>

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

      <section className="section section-green cta-band" aria-labelledby="programs-cta">
        <div className="container narrow center">
          <h2 id="programs-cta">{t('Help us reach more villages')}</h2>
          <p>{t('Your support keeps these programs growing. Give what you can, or talk to us about working together.')}</p>
          <div className="button-row">
            <Link to={localPath('/donate')} className="btn btn-accent btn-lg">
              {t('Donate Now')}
            </Link>
            <Link to={localPath('/contact')} className="btn btn-ghost-light btn-lg">
              {t('Contact Us')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
