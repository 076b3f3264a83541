import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { loadScrollKeeping } from '@/app/layout/scroll-keeper';
import { preparePage } from '@/app/router';
import { configureApiClient } from '@/lib/api-client';
import { languageOf, loadUrdu, routeOf, setLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The server painted the page (docs/seo.md): its module and data first, so the first render draws the same
// page. (Not a top-level await: the page chunks import from this one, which must not wait for them.)
// An Urdu page (`/ur/...`) loads its catalogues first, so its first render is in Urdu (in English when they
// cannot be loaded); an English page loads none.
const queryClient = createQueryClient();
const { pathname } = globalThis.location;
const language = languageOf(pathname);
setLanguage(language);
configureApiClient(language);
void Promise.all([preparePage(routeOf(pathname), queryClient), language === 'ur' ? loadUrdu().catch(() => undefined) : undefined]).then(() => {
  // Every page draws its own <title>, which React puts into the head beside the server's rather than taking
  // that one over: the server's goes in the commit that adds the app's, so the head has one title, the app's,
  // which follows the app's navigation, and no frame shows none. The first render is a transition: React
  // draws it in slices that leave the phone free for input (the server's page stays until it commits, and a
  // tap on its 'Add to Cart' meanwhile still counts, docs/decisions/0034), not one long task.
  const serverTitle = document.querySelector('title');
  function TakeOverTitle() {
    useLayoutEffect(() => {
      serverTitle?.remove();
    }, []);
    return null;
  }
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <TakeOverTitle />
        <App queryClient={queryClient} language={language} />
      </StrictMode>,
    );
  });
  void loadScrollKeeping();
});
