import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { preparePage } from '@/app/router';
import { configureApiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

import './index.css';

configureApiClient();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The server painted the page (docs/seo.md): its module and data first, so the first render draws the same
// page. (Not a top-level await: the page chunks import from this one, which must not wait for them.)
const queryClient = createQueryClient();
void preparePage(globalThis.location.pathname, queryClient).then(() => {
  // Every page draws its own <title>, which React puts into the head beside the server's rather than taking
  // that one over: the server's goes in the same task as the first render, so the head has one title, the
  // app's, which follows the app's navigation, and no frame shows none.
  const serverTitle = document.querySelector('title');
  const root = createRoot(container);
  flushSync(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
  serverTitle?.remove();
});
