/**
 * The Urdu pages' font (docs/decisions/0048-urdu.md): Noto Naskh Arabic from `@fontsource/noto-naskh-arabic`,
 * subset while the app is built (`subset-font`, HarfBuzz's hb-subset) to the Urdu alphabet, its digits and
 * punctuation and every character of the Urdu catalogues, written as one hashed woff2 under `assets/`, and
 * declared with `font-display: swap` in a stylesheet that `index.ur.html` alone links: an English page neither
 * declares nor loads it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/** The family the Urdu pages' CSS names (`:lang(ur)` in index.css). */
export const URDU_FAMILY = 'Shop Urdu';

/** The Urdu alphabet, the Arabic-script signs Urdu writing uses, Urdu digits and punctuation. */
const URDU_ALPHABET =
  'ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىيًٌٍَُِّْٰٹپچڈڑژکگںھہۂۃیےۓ' + '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩' + '،؛؟۔٪٫٬ـ';

/** Every character the font keeps: the alphabet and the Urdu catalogues' Arabic-script characters. */
export function urduCharacters(catalogues: string): string {
  const texts = readdirSync(catalogues)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => Object.values(JSON.parse(readFileSync(join(catalogues, file), 'utf8')) as Record<string, string>));
  // Only what the @font-face's unicode-range sends to this font: Latin and digits stay with the page's font.
  const urdu = /[\u0600-\u06ff\ufb50-\ufdff\ufe70-\ufeff\u200c-\u200f]/u;
  return [...new Set([...Array.from(URDU_ALPHABET), ...Array.from(texts.join(''))])].filter((c) => urdu.test(c)).sort().join('');
}

/** The stylesheet that declares the font at `href` (a file: the Content-Security-Policy allows no inline style). */
export function urduFontFace(href: string): string {
  return (
    `@font-face{font-family:'${URDU_FAMILY}';src:url(${href}) format('woff2');font-display:swap;` +
    `unicode-range:U+0600-06FF,U+FB50-FDFF,U+FE70-FEFF,U+200C-200F}\n`
  );
}

/** What the Urdu pages' head gets: the font preloaded (the first paint needs it) and its stylesheet. */
export function urduFontHead(font: string, stylesheet: string): string {
  return (
    `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin />\n    ` +
    `<link rel="stylesheet" href="${stylesheet}" />\n  </head>`
  );
}

export function urduFont(): Plugin {
  let files: { font: string; stylesheet: string } | undefined;
  return {
    name: 'urdu-font',
    apply: 'build',
    async generateBundle() {
      const require = createRequire(import.meta.url);
      const dir = join(dirname(require.resolve('@fontsource/noto-naskh-arabic/package.json')), 'files');
      const source = await readFile(join(dir, 'noto-naskh-arabic-arabic-400-normal.woff2'));
      const text = urduCharacters(join(import.meta.dirname, '../src/i18n/ur'));
      const subset = await subsetFont(source, text, { targetFormat: 'woff2' });
      const font = `/${this.getFileName(this.emitFile({ type: 'asset', name: 'urdu.woff2', source: subset }))}`;
      const css = this.emitFile({ type: 'asset', name: 'urdu-font.css', source: urduFontFace(font) });
      files = { font, stylesheet: `/${this.getFileName(css)}` };
    },
    writeBundle: {
      order: 'post',
      async handler(options) {
        if (files === undefined) throw new Error('urdu-font: the font was not written');
        const page = join(options.dir ?? 'dist', 'index.ur.html');
        const html = await readFile(page, 'utf8');
        if (html.split('</head>').length !== 2) throw new Error('urdu-font: index.ur.html must have one </head>');
        await writeFile(page, html.replace('</head>', urduFontHead(files.font, files.stylesheet)));
      },
    },
  };
}
