// What the home page's JavaScript holds: builds the front end as `npm run build` does, with hidden source
// maps, into a scratch directory; gives every character of the scripts dist/index.html loads to the source
// it came from (by the source map); and prints Markdown tables by package (node_modules) and by source folder
// (src), then the largest source files, each with its minified size, its gzip size alone and its share of
// the page's gzip. `just bundle-report` writes them into docs/frontend-bundle.md.
//
// Usage: node scripts/bundle-report.mjs [--write FILE]  (from frontend/; FILE's report section is replaced)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

import { HOME_PAGE_BUDGET_KB, homePageJavaScript } from '../e2e/home-page-js.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A source map's `mappings`, decoded: for each generated line, its segments as `[column, source]` (the
 * source index, or -1 for a segment that names none), columns absolute and ascending.
 */
export function decodeMappings(mappings) {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter((segment) => segment !== '')
      .map((segment) => {
        const fields = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = BASE64.indexOf(char);
          if (digit === -1) throw new Error(`not a base64 VLQ digit: ${char}`);
          value += (digit & 31) << shift;
          if (digit & 32) {
            shift += 5;
          } else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += fields[0];
        if (fields.length < 4) return [column, -1];
        source += fields[1];
        return [column, source];
      });
  });
}

/**
 * The text of `code` by the source it came from: a map of source index (-1 for text no segment names: the
 * bundle's own glue, separators) to the pieces of text.
 */
export function attribute(code, map) {
  const lines = decodeMappings(map.mappings);
  const pieces = new Map();
  const add = (source, text) => {
    if (text === '') return;
    if (!pieces.has(source)) pieces.set(source, []);
    pieces.get(source).push(text);
  };
  code.split('\n').forEach((text, index, all) => {
    const segments = lines[index] ?? [];
    add(-1, text.slice(0, segments[0]?.[0] ?? text.length));
    segments.forEach(([column, source], at) => add(source, text.slice(column, segments[at + 1]?.[0] ?? text.length)));
    if (index < all.length - 1) add(-1, '\n');
  });
  return pieces;
}

/**
 * The part of the page a source belongs to: its npm package (`react-dom`, `@tanstack/query-core`), its
 * folder under src (`src/features/cart`, `src/api/generated`) or the file at src's top (`src/main.tsx`).
 */
export function partOf(source) {
  const path = source.split(sep).join('/');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const [scope = '', name = ''] = path.slice(modules + '/node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const at = path.lastIndexOf('/src/');
  if (at === -1) return '(bundler runtime)';
  const segments = path.slice(at + 1).split('/');
  return segments.length <= 2 ? segments.join('/') : segments.slice(0, Math.min(3, segments.length - 1)).join('/');
}

/** Builds the front end with hidden source maps into `outDir` (the same scripts `npm run build` makes). */
async function buildWithMaps(frontend, outDir) {
  const { build } = await import('vite');
  process.chdir(frontend);
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

/** A part of the page: its name, minified size, gzip size alone and estimated share of the page's gzip. */
function measured(name, text) {
  return { name, bytes: Buffer.byteLength(text), alone: gzip(text), share: 0 };
}

/** A Markdown table of `rows`, largest first, at most `limit` of them; shares are of `total` gzip bytes. */
function table(heading, rows, total, limit = Infinity) {
  const lines = [`| ${heading} | Minified | gzip alone | Share of the page's gzip |`, '|---|---:|---:|---:|'];
  for (const row of [...rows].sort((a, b) => b.bytes - a.bytes).slice(0, limit)) {
    const percent = ((100 * row.share) / total).toFixed(1);
    lines.push(`| ${row.name} | ${kB(row.bytes)} | ${kB(row.alone)} | ${kB(row.share)} (${percent}%) |`);
  }
  return lines.join('\n');
}

/**
 * The report, in Markdown, of the home page's scripts in `dist` (built with source maps). Parts compress
 * worse alone than together, so a part's share of the page's gzip is its gzip alone scaled by the page's
 * gzip over the sum of the parts' (an estimate), and a file's share is its folder's by minified size.
 */
export function report(dist, frontend) {
  const { scripts, bytes } = homePageJavaScript(dist);
  const byPart = new Map();
  const byFile = new Map();
  let minified = 0;
  for (const script of scripts) {
    const code = readFileSync(join(dist, script), 'utf8');
    const map = JSON.parse(readFileSync(join(dist, `${script}.map`), 'utf8'));
    minified += Buffer.byteLength(code);
    for (const [index, pieces] of attribute(code, map)) {
      const source = index === -1 ? null : resolve(dirname(join(dist, script)), map.sources[index]);
      const part = source === null ? '(unmapped: glue between modules)' : partOf(source);
      const text = pieces.join('');
      byPart.set(part, (byPart.get(part) ?? '') + text);
      if (part.startsWith('src/')) {
        const file = relative(frontend, source).split(sep).join('/');
        byFile.set(file, { part, text: (byFile.get(file)?.text ?? '') + text });
      }
    }
  }
  const parts = [...byPart].map(([name, text]) => measured(name, text));
  const attributed = parts.reduce((sum, part) => sum + part.bytes, 0);
  if (attributed !== minified) throw new Error(`${attributed} of the scripts' ${minified} bytes were attributed`);
  const scale = bytes / parts.reduce((sum, part) => sum + part.alone, 0);
  for (const part of parts) part.share = part.alone * scale;
  const files = [...byFile].map(([name, { part, text }]) => {
    const folder = parts.find((candidate) => candidate.name === part);
    const file = measured(name, text);
    return { ...file, share: folder ? (folder.share * file.bytes) / folder.bytes : 0 };
  });
  return [
    `The home page loads ${scripts.length} script(s): ${kB(minified)} minified, **${kB(bytes)} gzip** (level 9, as`,
    `\`e2e/home-page-js.mjs\` weighs it) against a budget of ${HOME_PAGE_BUDGET_KB} kB: ${kB(HOME_PAGE_BUDGET_KB * 1024 - bytes)} left.`,
    '',
    table('Package', parts.filter((part) => !part.name.startsWith('src/')), bytes),
    '',
    table('Source folder', parts.filter((part) => part.name.startsWith('src/')), bytes),
    '',
    'The 15 largest source files:',
    '',
    table('Source file', files, bytes, 15),
  ].join('\n');
}

const START = '<!-- bundle-report:start -->';
const END = '<!-- bundle-report:end -->';

/** `document` with the text between its report markers replaced by `section`. */
export function replaceSection(document, section) {
  const [before, rest] = document.split(START);
  const after = rest?.split(END)[1];
  if (before === undefined || after === undefined) throw new Error(`the document has no ${START} … ${END} section`);
  return `${before}${START}\n${section}\n${END}${after}`;
}

if (import.meta.filename === process.argv[1]) {
  const frontend = resolve(import.meta.dirname, '..');
  const write = process.argv.indexOf('--write');
  const target = write === -1 ? null : resolve(process.argv[write + 1] ?? '');
  const dist = mkdtempSync(join(tmpdir(), 'shop-bundle-report-'));
  try {
    await buildWithMaps(frontend, dist);
    const section = report(dist, frontend);
    if (target) {
      writeFileSync(target, replaceSection(readFileSync(target, 'utf8'), section));
      console.log(`wrote the home page's bundle report into ${target}`);
    } else {
      console.log(section);
    }
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}
