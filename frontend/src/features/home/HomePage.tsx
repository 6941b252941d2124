import { Link, useLoaderData } from '@tanstack/react-router';
import heroLandscape from '../../assets/hero-landscape.svg';
import heroScene from '../../assets/program-reforestation.svg';
import { SectionHeading } from '../../components/SectionHeading';
import { Icon, type IconName } from '../../components/Icon';
import { usePageMeta } from '../../components/usePageMeta';
import { useSiteSettings } from '../../site';
import { EventCard } from '../events/EventCard';
import { ProgramPicture } from '../programs/ProgramPicture';
import { ImpactCounter } from './ImpactCounter';
import { useTranslator } from '../../i18n/i18n';
import './HomePage.css';

/** The program cards show in a third of the container from tablets up. */
const programCardSizes = '(min-width: 1180px) 370px, (min-width: 700px) 30vw, 100vw';

/** Where the Get Involved cards lead, in the order of their texts: donate, volunteer, partner. */
const waysToHelp: { icon: IconName; to: '/{-$lang}/donate' | '/{-$lang}/about' | '/{-$lang}/contact'; hash?: string }[] = [
  { icon: 'heart', to: '/{-$lang}/donate' },
  { icon: 'users', to: '/{-$lang}/about', hash: 'volunteer' },
  { icon: 'handshake', to: '/{-$lang}/contact' },
];

export function HomePage() {
  const site = useSiteSettings();
  const { t } = useTranslator();
  const { hero, impact, programs, involved, meta_description, cards, comingUp } = useLoaderData({ from: '/{-$lang}/' });
  usePageMeta(site.name, meta_description);
  return (
    <>
      <section className="home-hero">
        <div className="container home-hero-inner">
          <p className="eyebrow eyebrow-light">{hero.eyebrow}</p>
          <h1>{hero.title}</h1>
          <p className="home-hero-text">{hero.text}</p>
          <div className="button-row">
            <Link to="/{-$lang}/donate" className="btn btn-accent btn-lg">
              {hero.primary_label}
            </Link>
            <Link to="/{-$lang}/programs" className="btn btn-ghost-light btn-lg">
              {hero.secondary_label}
            </Link>
          </div>
          <figure className="home-hero-figure" aria-hidden="true">
            <img src={heroScene} alt="" width="800" height="600" />
            <figcaption className="home-hero-badge">
              <strong>{hero.badge_value}</strong> {hero.badge_text}
            </figcaption>
          </figure>
        </div>
        <img className="home-hero-art" src={heroLandscape} alt="" width="1600" height="360" />
      </section>

      <section className="section impact" aria-labelledby="impact-heading">
        <div className="container">
          <SectionHeading id="impact-heading" eyebrow={impact.eyebrow} title={impact.title} />
          <div className="counter-grid">
            {impact.figures.map((figure, index) => (
              <ImpactCounter key={index} value={figure.value} suffix={figure.suffix} label={figure.label} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="programs-heading">
        <div className="container">
          <SectionHeading id="programs-heading" eyebrow={programs.eyebrow} title={programs.title}>
            {programs.text}
          </SectionHeading>
          <div className="grid grid-3">
            {cards.map((program) => (
              <article key={program.id} className="card">
                <div className="card-media">
                  <ProgramPicture program={program} sizes={programCardSizes} />
                </div>
                <div className="card-body">
                  <h3>{program.name}</h3>
                  <p>{program.summary}</p>
                  <Link to="/{-$lang}/programs" hash={program.id} hashScrollIntoView={false} className="card-link">
                    {t('Learn More')}
                    <span className="visually-hidden"> {t('about {title}', { title: program.name })}</span>
                    <Icon name="arrow" size={18} />
                  </Link>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="involved-heading">
        <div className="container">
          <SectionHeading id="involved-heading" eyebrow={involved.eyebrow} title={involved.title}>
            {involved.text}
          </SectionHeading>
          <div className="grid grid-3">
            {waysToHelp.map((way, index) => (
              <article key={way.to} className="card involve-card">
                <div className="card-body">
                  <span className="involve-icon">
                    <Icon name={way.icon} size={28} />
                  </span>
                  <h3>{involved.cards[index]?.title}</h3>
                  <p>{involved.cards[index]?.text}</p>
                  <Link to={way.to} hash={way.hash} className="btn btn-outline involve-action">
                    {involved.cards[index]?.action}
                  </Link>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>

      {comingUp.length > 0 && (
        <section className="section section-alt" aria-labelledby="coming-up-heading">
          <div className="container">
            <SectionHeading id="coming-up-heading" eyebrow={t('Join us')} title={t('Coming up')}>
              {t('Camps and drives you can sign up for.')}
            </SectionHeading>
            <div className="grid grid-3">
              {comingUp.map((event) => (
                <EventCard key={event.id} event={event} headingLevel={3} />
              ))}
            </div>
            <p className="coming-up-more">
              <Link to="/{-$lang}/events" className="btn btn-outline">
                {t('All events')}
              </Link>
            </p>
          </div>
        </section>
      )}
    </>
  );
}
