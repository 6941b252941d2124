import { Link } from '@tanstack/react-router';
import { useSiteSettings } from '../site';
import { Icon } from './Icon';
import { Logo } from './Logo';
import { OfficeContact } from './OfficeContact';
import { usePrograms } from '../features/programs/program-list';
import { footerQuickLinks, type NavLink } from './navigation';
import { useTranslator } from '../i18n/i18n';
import './Footer.css';

export function Footer() {
  const site = useSiteSettings();
  const year = new Date().getFullYear();
  const { t } = useTranslator();
  // Every program, by its name, to its section of the Programs page.
  const programLinks = usePrograms().map((program) => ({ to: '/{-$lang}/programs' as const, hash: program.id, label: program.name }));
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="visually-hidden">
            {t('About {name}', { name: site.name })}
          </h2>
          <Logo />
          <p className="footer-tagline">{site.tagline}</p>
          <ul className="social-links">
            {site.social.map((network) => (
              <li key={network.id}>
                <a href={network.href} target="_blank" rel="noopener noreferrer" className="social-link">
                  <Icon name={network.id} label={network.label} size={18} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <FooterNav id="footer-quick-links" title={t('Quick Links')} links={footerQuickLinks.map((link) => ({ ...link, label: t(link.label) }))} />
        <FooterNav id="footer-programs" title={t('Our Programs')} links={programLinks} />
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            {t('Contact Info')}
          </h2>
          <OfficeContact className="footer-contact" iconSize={18} />
        </section>
      </div>
      <div className="footer-bottom">
        <div className="container">
          <p>{t('© {year} {name}. All rights reserved.', { year, name: site.name })}</p>
        </div>
      </div>
    </footer>
  );
}

/** A titled list of links (their labels in the page's language); pages scroll to their anchors themselves (useScrollToHash). */
function FooterNav({ id, title, links }: { id: string; title: string; links: readonly (Omit<NavLink, 'label'> & { label: string })[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <ul className="footer-list">
        {links.map((link) => (
          <li key={link.hash ?? link.to}>
            <Link to={link.to} hash={link.hash} hashScrollIntoView={false}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
