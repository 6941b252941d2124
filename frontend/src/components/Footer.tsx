import { Link } from '@tanstack/react-router';
import { useSiteSettings } from '../site';
import { Icon } from './Icon';
import { Logo } from './Logo';
import { OfficeContact } from './OfficeContact';
import { footerProgramLinks, footerQuickLinks } from './navigation';
import { useTranslator } from '../i18n/i18n';

export function Footer() {
  const site = useSiteSettings();
  const year = new Date().getFullYear();
  const { t, localPath } = useTranslator();
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
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            {t('Quick Links')}
          </h2>
          <ul className="footer-list">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={localPath(link.to)}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-programs">
          <h2 id="footer-programs" className="footer-heading">
            {t('Our Programs')}
          </h2>
          <ul className="footer-list">
            {footerProgramLinks.map((link) => (
              <li key={link.hash}>
                <Link to={localPath('/programs')} hash={link.hash} hashScrollIntoView={false}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
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
