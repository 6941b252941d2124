import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';

export function NotFoundPage() {
  usePageMeta('Page Not Found', 'The page you are looking for does not exist or has been moved.');
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code">404</p>
        <h1>Page Not Found</h1>
        <p className="lead">Sorry, the page you are looking for does not exist or has been moved.</p>
        <Link to="/" className="btn btn-primary">
          Go Back Home
        </Link>
      </div>
    </section>
  );
}
