import type { ReactNode } from 'react';
import './PageHero.css';

interface PageHeroProps {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}

/** The banner at the top of an inner page; it holds the page's one h1. */
export function PageHero({ title, eyebrow, children }: PageHeroProps) {
  return (
    <section className="page-hero">
      <div className="container">
        {eyebrow && <p className="eyebrow eyebrow-light">{eyebrow}</p>}
        <h1>{title}</h1>
        {children && <p>{children}</p>}
      </div>
    </section>
  );
}
