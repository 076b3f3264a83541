import { Link } from 'react-router';

import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <section className="page" aria-labelledby="page-title">
      <title>Page not found</title>
      <h1 id="page-title">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <Link to={paths.home.getHref()} className="button">
          Back to the shop
        </Link>
      </p>
    </section>
  );
}
