import { useSiteSettings } from '../site';
import './Logo.css';

/** The organisation's mark: a sapling in a circle. */
export function Logo() {
  const site = useSiteSettings();
  return (
    <span className="logo">
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="18" fill="#1d5c3a" />
        <path d="M18 28V16" stroke="#f6f1e7" strokeWidth="2.4" strokeLinecap="round" />
        <path d="M18 18c-5 0-8-3-8-8 5 0 8 3 8 8z" fill="#8fd19e" />
        <path d="M18 15c0-5 3-8 8-8 0 5-3 8-8 8z" fill="#e0a526" />
      </svg>
      <span className="logo-text">{site.name}</span>
    </span>
  );
}
