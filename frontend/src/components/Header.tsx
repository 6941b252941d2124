import { useEffect, useRef, useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSiteSettings } from '../site';
import { Icon } from './Icon';
import { Logo } from './Logo';
import { headerLinks } from './navigation';
import { useScrolledPast } from './useScrolledPast';
import { useTranslator } from '../i18n/i18n';
import { LanguageSwitch } from './LanguageSwitch';
import './Header.css';

/** The spec's threshold: the bar turns white with a shadow once scrolled more than this. */
export const headerScrollThreshold = 10;

export function Header() {
  const site = useSiteSettings();
  const scrolled = useScrolledPast(headerScrollThreshold);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // Any navigation (link, back button) closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const { t } = useTranslator();

  return (
    <header className={scrolled ? 'site-header is-scrolled' : 'site-header'} data-scrolled={scrolled}>
      <div className="container header-inner">
        <Link to="/{-$lang}" className="brand" aria-label={t('{name}, home', { name: site.name })} onClick={closeMenu}>
          <Logo />
        </Link>
        <LanguageSwitch />
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="primary-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
          <span className="visually-hidden">{menuOpen ? t('Close menu') : t('Open menu')}</span>
        </button>
        <nav id="primary-navigation" className={menuOpen ? 'primary-nav is-open' : 'primary-nav'} aria-label={t('Main')}>
          <ul className="nav-list">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="nav-link"
                  activeProps={{ className: 'nav-link is-active' }}
                  activeOptions={{ exact: link.to === '/{-$lang}' }}
                  onClick={closeMenu}
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/{-$lang}/donate" className="btn btn-accent nav-donate" onClick={closeMenu}>
            {t('Donate Now')}
          </Link>
        </nav>
      </div>
    </header>
  );
}
