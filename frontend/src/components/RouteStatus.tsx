import { Link } from '@tanstack/react-router';
import { usePageMeta } from './usePageMeta';

/** Shown while a page's data is on its way (only when that takes longer than a moment). */
export function PagePending() {
  return (
    <div className="page-pending" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}

/** Shown when a page cannot be shown at all, e.g. its code could not be downloaded after a new release. */
export function PageError() {
  usePageMeta('Something went wrong', 'This page could not be shown.');
  return (
    <section className="section not-found">
      <div className="container narrow center">
        <h1>Something went wrong</h1>
        <p className="lead">This page could not be loaded. Please check your connection and try again.</p>
        <div className="button-row center">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Try Again
          </button>
          <Link to="/" className="btn btn-outline">
            Go Back Home
          </Link>
        </div>
      </div>
    </section>
  );
}
