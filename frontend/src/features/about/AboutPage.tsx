import { useLocation } from '@tanstack/react-router';
import storyImage from '../../assets/program-reforestation.svg';
import { Icon } from '../../components/Icon';
import { CtaBand } from '../../components/CtaBand';
import { PageHero } from '../../components/PageHero';
import { SectionHeading } from '../../components/SectionHeading';
import { usePageMeta } from '../../components/usePageMeta';
import { useScrollToHash } from '../../components/useScrollToHash';
import { founders, initialsOf } from './founders';
import { useTranslator } from '../../i18n/i18n';
import './AboutPage.css';

export function AboutPage() {
  const { t } = useTranslator();
  usePageMeta(t('About Us'), t('Our story, mission and vision, the founders who lead our work in Jharkhand and Bihar, and how you can volunteer with us.'));
  // /about#team and /about#volunteer (the home page's Get Involved card) land on their section.
  useScrollToHash(useLocation({ select: (location) => location.hash }), 0);
  return (
    <>
      <PageHero title={t('About Us')} eyebrow={t('Who we are')}>
        {t('A community-led organisation from Ranchi working for people and nature in Jharkhand and Bihar.')}
      </PageHero>

      <section className="section" aria-labelledby="story-heading">
        <div className="container split">
          <div>
            <span className="eyebrow">{t('Since 2012')}</span>
            <h2 id="story-heading">{t('Our Story')}</h2>
            <p>
              {t(
                'It began with a blocked hand pump in a village outside Ranchi. Three friends, a doctor, an agronomist and a teacher, helped the villagers repair it and stayed to listen. The families spoke of children missing school to fetch water, of failing harvests and of hills that were green within living memory.',
              )}
            </p>
            <p>
              {t(
                'Since then we have grown into a team of field workers and volunteers, but the method has not changed: we start with what communities ask for, work alongside them, and stay until the work can stand on its own.',
              )}
            </p>
          </div>
          <img className="rounded-art" src={storyImage} alt={t('Young trees growing on green hills')} width="800" height="600" />
        </div>
      </section>

      <section className="section section-alt" aria-label={t('Mission and vision')}>
        <div className="container grid grid-2">
          <article className="card value-card">
            <div className="card-body">
              <span className="involve-icon">
                <Icon name="heart" size={26} />
              </span>
              <h2>{t('Our Mission')}</h2>
              <p>
                {t(
                  'To empower rural communities through sustainable development and environmental conservation: safe water, quality education, restored forests and farming that feeds families without exhausting the land.',
                )}
              </p>
            </div>
          </article>
          <article className="card value-card">
            <div className="card-body">
              <span className="involve-icon">
                <Icon name="check" size={26} />
              </span>
              <h2>{t('Our Vision')}</h2>
              <p>
                {t(
                  'Villages where every family has clean water, every child learns, women lead, and people live in balance with thriving forests and fields, for this generation and the next.',
                )}
              </p>
            </div>
          </article>
        </div>
      </section>

      <section id="team" className="section" aria-labelledby="team-heading">
        <div className="container">
          <SectionHeading id="team-heading" eyebrow={t('Leadership')} title={t('Meet Our Founders')}>
            {t('The three founders still spend most of their weeks in the field.')}
          </SectionHeading>
          <ul className="grid grid-3 team-list">
            {founders.map((founder) => (
              <li key={founder.name} className="card team-card">
                <div className="card-body">
                  <span className="avatar" aria-hidden="true">
                    {initialsOf(founder.name)}
                  </span>
                  <h3>{founder.name}</h3>
                  <p className="team-role">{t(founder.role)}</p>
                  <p>{t(founder.bio)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand
        id="volunteer"
        headingId="volunteer-heading"
        title={t('Volunteer With Us')}
        actions={[{ to: '/{-$lang}/volunteer', label: t('Become a Volunteer') }]}
      >
        {t(
          'Teach in a learning centre, plant trees, help at a health camp or share your professional skills. Whatever time you can give, there is work that needs you.',
        )}
      </CtaBand>
    </>
  );
}
