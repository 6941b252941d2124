import { useLoaderData, useLocation } from '@tanstack/react-router';
import storyImage from '../../assets/program-reforestation.svg';
import { ApiImage } from '../../components/ApiImage';
import { Icon } from '../../components/Icon';
import { CtaBand } from '../../components/CtaBand';
import { PageHero } from '../../components/PageHero';
import { PageText } from '../../components/PageText';
import { SectionHeading } from '../../components/SectionHeading';
import { usePageMeta } from '../../components/usePageMeta';
import { useScrollToHash } from '../../components/useScrollToHash';
import { initialsOf } from './initials';
import { useTranslator } from '../../i18n/i18n';
import './AboutPage.css';

export function AboutPage() {
  const { t } = useTranslator();
  const { hero, story, mission, vision, values, team, volunteer, meta_description } = useLoaderData({ from: '/{-$lang}/about' });
  usePageMeta(t('About Us'), meta_description);
  // /about#team and /about#volunteer (the home page's Get Involved card) land on their section.
  useScrollToHash(useLocation({ select: (location) => location.hash }), 0);
  const showValues = values.items.length > 0;
  return (
    <>
      <PageHero title={hero.title} eyebrow={hero.eyebrow}>
        {hero.intro}
      </PageHero>

      <section className="section" aria-labelledby="story-heading">
        <div className="container split">
          <div>
            <span className="eyebrow">{story.eyebrow}</span>
            <h2 id="story-heading">{story.title}</h2>
            <PageText html={story.html} />
          </div>
          {story.picture ? (
            <ApiImage
              className="rounded-art"
              imageUrl={story.picture}
              alt={story.picture_alt}
              sizes="(min-width: 860px) 45vw, 100vw"
              width="800"
              height="600"
            />
          ) : (
            <img className="rounded-art" src={storyImage} alt={story.picture_alt} width="800" height="600" />
          )}
        </div>
      </section>

      <section className="section section-alt" aria-label={t('Mission and vision')}>
        <div className="container grid grid-2">
          <article className="card value-card">
            <div className="card-body">
              <span className="involve-icon">
                <Icon name="heart" size={26} />
              </span>
              <h2>{mission.title}</h2>
              <PageText html={mission.html} />
            </div>
          </article>
          <article className="card value-card">
            <div className="card-body">
              <span className="involve-icon">
                <Icon name="check" size={26} />
              </span>
              <h2>{vision.title}</h2>
              <PageText html={vision.html} />
            </div>
          </article>
        </div>
      </section>

      {showValues && (
        <section className="section" aria-labelledby="values-heading">
          <div className="container">
            <div className="section-heading">
              <h2 id="values-heading">{values.title}</h2>
            </div>
            <ul className="grid grid-3">
              {values.items.map((value, index) => (
                <li key={index} className="card">
                  <div className="card-body">
                    <h3>{value.title}</h3>
                    <p>{value.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {/* The sections keep alternating their background when the values stand between. */}
      <section id="team" className={showValues ? 'section section-alt' : 'section'} aria-labelledby="team-heading">
        <div className="container">
          <SectionHeading id="team-heading" eyebrow={team.eyebrow} title={team.title}>
            {team.text}
          </SectionHeading>
          <ul className="grid grid-3 team-list">
            {team.people.map((person, index) => (
              <li key={index} className="card team-card">
                <div className="card-body">
                  {person.photo ? (
                    <ApiImage className="avatar avatar-photo" imageUrl={person.photo} alt="" sizes="96px" width="96" height="96" />
                  ) : (
                    <span className="avatar" aria-hidden="true">
                      {initialsOf(person.name)}
                    </span>
                  )}
                  <h3>{person.name}</h3>
                  <p className="team-role">{person.role}</p>
                  <p>{person.bio}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand id="volunteer" headingId="volunteer-heading" title={volunteer.title} actions={[{ to: '/{-$lang}/volunteer', label: t('Become a Volunteer') }]}>
        {volunteer.text}
      </CtaBand>
    </>
  );
}
