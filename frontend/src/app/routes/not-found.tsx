import { Link } from 'react-router';

import { paths } from '@/config/paths';
import notFoundTexts from '@/i18n/en/not-found.json';
import { useMessages } from '@/lib/i18n';

export default function NotFoundRoute() {
  const t = useMessages(notFoundTexts, 'not-found');
  return (
    <section className="page" aria-labelledby="page-title">
      <title>{t.title()}</title>
      <h1 id="page-title">{t.title()}</h1>
      <p>{t.text()}</p>
      <p>
        <Link to={paths.home.getHref()} className="button">
          {t.backToShop()}
        </Link>
      </p>
    </section>
  );
}
