import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import { useTranslator } from '../i18n/i18n';
import './Layout.css';

/** The public site's frame: skip link, fixed header, main content, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslator();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('Skip to main content')}
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} className="site-main">
        {children}
      </main>
      <Footer />
    </>
  );
}
