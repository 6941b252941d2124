import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './CtaBand.css';

interface CtaBandProps {
  /** The id of its heading, which names the band. */
  headingId: string;
  /** An anchor for links to the band (/about#volunteer). */
  id?: string;
  title: string;
  children: ReactNode;
  /** Its links: the first stands out, the others are outlined. */
  actions: readonly { to: '/{-$lang}/donate' | '/{-$lang}/contact' | '/{-$lang}/volunteer'; label: string }[];
}

/** The green band that closes a page: a heading, a sentence and where to go from here. */
export function CtaBand({ headingId, id, title, children, actions }: CtaBandProps) {
  return (
    <section id={id} className="section section-green cta-band" aria-labelledby={headingId}>
      <div className="container narrow center">
        <h2 id={headingId}>{title}</h2>
        <p>{children}</p>
        <div className="button-row">
          {actions.map((action, index) => (
            <Link key={action.to} to={action.to} className={index === 0 ? 'btn btn-accent btn-lg' : 'btn btn-ghost-light btn-lg'}>
              {action.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
