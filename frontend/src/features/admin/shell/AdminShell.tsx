import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Logo } from '../../../components/Logo';
import { usePageMeta } from '../../../components/usePageMeta';
import type { DashboardSection } from '../../../routes/admin/-dashboard-search';
import { useSiteSettings } from '../../../site';
import { useSession } from '../../../stores/session';
import { AdminIcon } from '../AdminIcon';
import { logout } from '../AdminArea';
import { useUnreadMessages } from '../inbox/unread';
import { dashboardSectionInfo, sectionsFor } from './sections';
import './AdminShell.css';

interface AdminShellProps {
  /** The sidebar entry to mark as current (none on the standalone pages). */
  current?: DashboardSection;
  title: string;
  children: ReactNode;
}

/**
 * The admin frame of the spec: sidebar (an overlay drawer on small screens), a header with the
 * section title and "Welcome back, Admin", and a footer with the copyright year.
 */
export function AdminShell({ current, title, children }: AdminShellProps) {
  usePageMeta(`${title} | Admin`, 'The administration area of the website.');
  const [menuOpen, setMenuOpen] = useState(false);
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const year = new Date().getFullYear();
  const site = useSiteSettings();
  const role = useSession((state) => state.userRole);
  const name = useSession((state) => state.userName) || 'Admin';
  const unread = useUnreadMessages((state) => state.count);

  // Messages are the admins' (an editor's request would be refused).
  useEffect(() => {
    if (role === 'admin') void useUnreadMessages.getState().refresh();
  }, [role]);

  useEffect(() => {
    if (!menuOpen) return;
    sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <div className={menuOpen ? 'admin-app menu-open' : 'admin-app'}>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <aside ref={sidebarRef} id="admin-sidebar" className="admin-sidebar" aria-label="Admin menu">
        <div className="admin-brand">
          <Logo />
          <span className="admin-brand-tag">Admin</span>
        </div>
        <nav aria-label="Admin sections">
          <ul className="admin-nav">
            {sectionsFor(role).map((section) => {
              const info = dashboardSectionInfo[section];
              return (
                <li key={section}>
                  <Link
                    to="/admin/dashboard"
                    search={{ section }}
                    className="admin-nav-link"
                    aria-current={section === current ? 'page' : undefined}
                    onClick={() => setMenuOpen(false)}
                  >
                    <AdminIcon name={info.icon} />
                    <span>{info.label}</span>
                    {section === 'messages' && unread !== null && unread > 0 && (
                      <span className="admin-nav-badge">
                        {unread}
                        <span className="visually-hidden"> unread</span>
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="admin-sidebar-end">
          <a className="admin-nav-link" href="/" target="_blank" rel="noreferrer">
            <AdminIcon name="external" />
            <span>View site</span>
          </a>
          <button type="button" className="admin-nav-link admin-logout" onClick={() => void logout()}>
            <AdminIcon name="logout" />
            <span>Logout</span>
          </button>
        </div>
      </aside>
      {menuOpen && <div className="admin-overlay" aria-hidden="true" onClick={() => setMenuOpen(false)} />}

      <div className="admin-body">
        <header className="admin-header">
          <button
            ref={toggleRef}
            type="button"
            className="admin-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="admin-sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <AdminIcon name={menuOpen ? 'close' : 'menu'} label={menuOpen ? 'Close menu' : 'Open menu'} />
          </button>
          <h1 className="admin-title">{title}</h1>
          <p className="admin-welcome">Welcome back, {name}</p>
        </header>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
        <footer className="admin-footer">
          <p>
            © {year} {site.name}. All rights reserved.
          </p>
        </footer>
      </div>
    </div>
  );
}
