import type { ReactNode } from 'react';
import './StatusPage.css';

interface StatusPageProps {
  /** A large code above the heading (404). */
  code?: string;
  title: string;
  lead: string;
  /** What the visitor can do next: links or buttons. */
  children: ReactNode;
}

/** A page that says something is not there or went wrong: the not-found page and its kin. */
export function StatusPage({ code, title, lead, children }: StatusPageProps) {
  return (
    <section className="section not-found">
      <div className="container narrow center">
        {code && <p className="not-found-code">{code}</p>}
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
