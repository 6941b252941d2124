import type { ReactNode, Ref } from 'react';

interface AdminPanelProps {
  /** Names the heading `${id}-title`, which labels the panel. */
  id: string;
  title: ReactNode;
  /** How many items the panel lists, once known. */
  count?: number;
  /** Given where focus returns to the heading (after a delete), which then takes focus. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Buttons or filters beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One admin panel: its heading (with the count of what it lists), its actions, then its content. */
export function AdminPanel({ id, title, count, headingRef, actions, children }: AdminPanelProps) {
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <div className="panel-head">
        <h2 ref={headingRef} id={`${id}-title`} className="panel-title" tabIndex={headingRef ? -1 : undefined}>
          {title}
          {count !== undefined && <span className="panel-count">{count}</span>}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
