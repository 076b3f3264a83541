// The home page is the first visit on a cheap phone: its JavaScript stays within budget. Runs on the build
// in dist/ (`just test` builds it first); a size is deterministic, unlike a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { HOME_PAGE_BUDGET_KB, homePageJavaScript } from './home-page-js.mjs';

test(`the home page loads at most ${HOME_PAGE_BUDGET_KB} kB of JavaScript, gzipped`, () => {
  const { scripts, bytes } = homePageJavaScript();
  assert.ok(scripts.length > 0, 'dist/index.html loads no script: build the front end first');
  assert.ok(
    bytes <= HOME_PAGE_BUDGET_KB * 1024,
    `the home page loads ${(bytes / 1024).toFixed(1)} kB of JavaScript (${scripts.join(', ')}), over ${HOME_PAGE_BUDGET_KB} kB`,
  );
});
