// The admin's first load on a phone: what a visit to /admin (the dashboard) downloads beyond the home page's
// entry: every chunk the admin's routes, layout and dashboard import statically, JS and CSS, gzip level 9.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
const dist = process.argv[2] ?? join(import.meta.dirname, "../dist");
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const byName = (src) => Object.entries(manifest).find(([key]) => key.endsWith(src));
const seen = new Set();
function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) walk(dep);
}
for (const src of ['src/app/routes/admin/admin-routes.tsx', 'src/app/routes/admin/admin-layout.tsx', 'src/app/routes/admin/dashboard.tsx']) walk(byName(src)[0]);
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entrySet = new Set();
(function own(key) { if (entrySet.has(key)) return; entrySet.add(key); for (const d of manifest[key].imports ?? []) own(d); })(entry);
let js = 0, css = 0; const files = [];
for (const key of seen) {
  if (entrySet.has(key)) continue;
  const chunk = manifest[key];
  const size = gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length;
  js += size; files.push([chunk.file, size]);
  for (const c of chunk.css ?? []) { const s = gzipSync(readFileSync(join(dist, c)), { level: 9 }).length; css += s; files.push([c, s]); }
}
console.log(JSON.stringify({ js, css, files }, null, 1));
