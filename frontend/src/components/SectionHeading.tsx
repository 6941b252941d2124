import type { ReactNode } from 'react';

interface SectionHeadingProps {
  /** The h2's id, which names its section (aria-labelledby). */
  id: string;
  eyebrow: string;
  title: string;
  /** A sentence under the heading. */
  children?: ReactNode;
}

/** A section's centred heading: a small label above its h2, and a sentence below where it has one. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className="section-heading">
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>{title}</h2>
      {children && <p>{children}</p>}
    </div>
  );
}
