import { Link } from '@tanstack/react-router';
import heroLandscape from '../../assets/hero-landscape.svg';
import heroScene from '../../assets/program-reforestation.svg';
import { SectionHeading } from '../../components/SectionHeading';
import { Icon, type IconName } from '../../components/Icon';
import { usePageMeta } from '../../components/usePageMeta';
import { useSiteSettings } from '../../site';
import { programs } from '../programs/programs';
import { ImpactCounter } from './ImpactCounter';
import { impactFigures } from './impact';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import './HomePage.css';

const featuredPrograms = programs.slice(0, 3);

const waysToHelp: {
  icon: IconName;
  title: MessageKey;
  text: MessageKey;
  to: '/{-$lang}/donate' | '/{-$lang}/about' | '/{-$lang}/contact';
  hash?: string;
  action: MessageKey;
}[] = [
  {
    icon: 'heart',
    title: 'Donate',
    text: 'Every rupee goes to the field: water for a family, books for a class, saplings for a hillside.',
    to: '/{-$lang}/donate',
    action: 'Make a Donation',
  },
  {
    icon: 'users',
    title: 'Volunteer',
    text: 'Teach, plant, organise a camp or lend your skills. Join the people who make the work happen.',
    to: '/{-$lang}/about',
    hash: 'volunteer',
    action: 'Become a Volunteer',
  },
  {
    icon: 'handshake',
    title: 'Partner With Us',
    text: 'Schools, companies and foundations: let us plan a program together for the communities you care about.',
    to: '/{-$lang}/contact',
    action: 'Contact Us',
  },
];

export function HomePage() {
  const site = useSiteSettings();
  const { t } = useTranslator();
  usePageMeta(
    site.name,
    t('Clean water, education, reforestation and sustainable farming with communities in Jharkhand and Bihar. Donate, volunteer or partner with us.'),
  );
  return (
    <>
      <section className="home-hero">
        <div className="container home-hero-inner">
          <p className="eyebrow eyebrow-light">{t('Based in Ranchi · Working across Jharkhand and Bihar')}</p>
          <h1>{t('Growing greener, healthier communities together')}</h1>
          <p className="home-hero-text">
            {t(
              'We work side by side with villages on clean water, education, reforestation and sustainable farming, so that families can thrive while caring for the land they depend on.',
            )}
          </p>
          <div className="button-row">
            <Link to="/{-$lang}/donate" className="btn btn-accent btn-lg">
              {t('Donate Now')}
            </Link>
            <Link to="/{-$lang}/programs" className="btn btn-ghost-light btn-lg">
              {t('Our Programs')}
            </Link>
          </div>
          <figure className="home-hero-figure" aria-hidden="true">
            <img src={heroScene} alt="" width="800" height="600" />
            <figcaption className="home-hero-badge">
              <strong>{t('100,000')}</strong> {t('trees to plant this year')}
            </figcaption>
          </figure>
        </div>
        <img className="home-hero-art" src={heroLandscape} alt="" width="1600" height="360" />
      </section>

      <section className="section impact" aria-labelledby="impact-heading">
        <div className="container">
          <SectionHeading id="impact-heading" eyebrow={t('Our Impact')} title={t('Change you can count')} />
          <div className="counter-grid">
            {impactFigures.map((figure) => (
              <ImpactCounter key={figure.label} value={figure.value} label={t(figure.label)} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="programs-heading">
        <div className="container">
          <SectionHeading id="programs-heading" eyebrow={t('What we do')} title={t('Our Programs')}>
            {t('Long-term work, led by the communities themselves, across four connected areas.')}
          </SectionHeading>
          <div className="grid grid-3">
            {featuredPrograms.map((program) => (
              <article key={program.id} className="card">
                <div className="card-media">
                  <img src={program.imageUrl} alt="" width="800" height="600" loading="lazy" decoding="async" />
                </div>
                <div className="card-body">
                  <h3>{t(program.title)}</h3>
                  <p>{t(program.description)}</p>
                  <Link to="/{-$lang}/programs" hash={program.id} hashScrollIntoView={false} className="card-link">
                    {t('Learn More')}
                    <span className="visually-hidden"> {t('about {title}', { title: t(program.title) })}</span>
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
          <SectionHeading id="involved-heading" eyebrow={t('Join us')} title={t('Get Involved')}>
            {t('There is a place for everyone in this work. Choose the way that suits you.')}
          </SectionHeading>
          <div className="grid grid-3">
            {waysToHelp.map((way) => (
              <article key={way.title} className="card involve-card">
                <div className="card-body">
                  <span className="involve-icon">
                    <Icon name={way.icon} size={28} />
                  </span>
                  <h3>{t(way.title)}</h3>
                  <p>{t(way.text)}</p>
                  <Link to={way.to} hash={way.hash} className="btn btn-outline involve-action">
                    {t(way.action)}
                  </Link>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
