// The home page's JavaScript as `just bench` reports it and e2e/home-page-budget.test.mjs bounds it: every
// /assets/*.js that dist/index.html references (src or href), each gzipped at level 9.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The most the home page's JavaScript may weigh, in kB (1024 bytes) gzipped. */
export const HOME_PAGE_BUDGET_KB = 100;

/** The scripts `dist/index.html` loads and their total gzipped size in bytes. */
export function homePageJavaScript(dist = resolve(import.meta.dirname, '../dist')) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]))].sort();
  const bytes = scripts.reduce((sum, script) => sum + gzipSync(readFileSync(join(dist, script)), { level: 9 }).length, 0);
  return { scripts, bytes };
}

if (import.meta.filename === process.argv[1]) {
  const { scripts, bytes } = homePageJavaScript();
  console.log(
    `home page JavaScript: ${scripts.length} file(s), ${(bytes / 1024).toFixed(1)} kB gzip (budget ${HOME_PAGE_BUDGET_KB} kB)`,
  );
}
