/**
 * A long text of an editable page: its paragraphs as the server rendered them from the document
 * (the posts' allow-list), so the page's script carries no renderer. The wrapper takes no room.
 */
export function PageText({ html }: { html: string }) {
  return <div className="page-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
