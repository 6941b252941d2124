import { useState, type ReactNode } from 'react';

/**
 * Markup that only the server renders, kept by the browser as it came with the page: its code
 * and texts never load to hydrate it. The caller passes `server` as
 * `import.meta.env.SSR && <Part />`, so the browser's build leaves `Part` out. After a navigation
 * in the browser no such markup is there, and `later` renders instead (a lazily loaded `Part`).
 */
export function ServerHtml({ id, server, later }: { id: string; server: ReactNode; later: ReactNode }) {
  // Read once, as the page is taken over (or the route opens): the server's markup, if it is there.
  const [html] = useState(() => (typeof document === 'undefined' ? null : (document.getElementById(id)?.innerHTML ?? null)));
  if (import.meta.env.SSR) return <div id={id}>{server}</div>;
  if (html === null) return <div id={id}>{later}</div>;
  return <div id={id} dangerouslySetInnerHTML={{ __html: html }} />;
}
