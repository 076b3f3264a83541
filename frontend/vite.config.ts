import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { createServer, loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

import { messageCatalogues } from './build/messages';
import { generatedPerImporter, lazySseClient, treeShakeReactRouter } from './build/patches';
import { urduFont } from './build/urdu-font';
import { parseEnv, type ShopEnv } from './src/config/env-schema';

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside each text asset, so the server can send
 * the smallest encoding the browser accepts without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const writes = Object.entries(bundle)
        // index.html is never sent as it is (the server fills it for each page) and the manifest (.vite/) is
        // for the server to read, so neither gets copies.
        .filter(([fileName]) => /\.(js|css|svg|json)$/.test(fileName) && !fileName.startsWith('.vite/'))
        .map(async ([fileName, output]) => {
          const source = output.type === 'chunk' ? output.code : output.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : source;
          const path = join(outDir, fileName);
          await writeFile(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
        });
      await Promise.all(writes);
    },
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Writes the shop's name into `<meta name="application-name" content="%SHOP_NAME%">`: the server reads the
 * name from there (docs/seo.md), so it has no second copy of the setting.
 */
function shopNameMeta(env: ShopEnv): Plugin {
  return {
    name: 'shop-name-meta',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('content="%SHOP_NAME%"')) throw new Error('index.html lost its application-name meta');
        return html.replace('content="%SHOP_NAME%"', `content="${escapeAttribute(env.shopName)}"`);
      },
    },
  };
}

/**
 * Draws the storefront's frame (skip link, navigation bar, `main`, footer: `SiteShell`, the component the app
 * draws around every public page) with react-dom/server into the built index.html's `#root`, around the
 * `<!--page-main-->` the server fills (docs/seo.md). The first answer then paints the frame before any
 * JavaScript, and the app's first render draws the same frame in the same place. The component is loaded
 * through a Vite server in SSR mode (this config, so the same aliases and `__SHOP_ENV__`), never into the
 * client's bundle. Runs while the bundle is generated: what is written is the final file. The same page with
 * the Urdu frame, `lang="ur" dir="rtl"`, is written beside it as `index.ur.html`, the template of the `/ur/`
 * pages (docs/decisions/0048-urdu.md).
 */
function renderShell(): Plugin {
  let configFile: string | undefined;
  let mode = 'production';
  let urdu: string | undefined;
  return {
    name: 'render-shell',
    apply: 'build',
    configResolved(config) {
      configFile = config.configFile;
      mode = config.mode;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const marker = '<div id="root"><!--page-main--></div>';
        if (html.split(marker).length !== 2) throw new Error(`index.html must have exactly one ${marker}`);
        const server = await createServer({
          configFile,
          mode,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        // The modules read the page's origin and listen for the cart's storage events when imported, as in a
        // browser: give Node a location and an event target for that, and take them away again.
        const globals = globalThis as Record<string, unknown>;
        const shims: Record<string, unknown> = {
          location: new URL('http://localhost/'),
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        };
        const added = Object.keys(shims).filter((name) => !(name in globals));
        for (const name of added) globals[name] = shims[name];
        try {
          const module = (await server.ssrLoadModule('/src/app/layout/render-shell.tsx')) as {
            renderShell: (language?: 'en' | 'ur') => string;
            loadUrdu: () => Promise<void>;
          };
          const shell = module.renderShell();
          if (shell.split('<!--page-main-->').length !== 2) throw new Error('the shell must have exactly one <!--page-main-->');
          await module.loadUrdu();
          const urduShell = module.renderShell('ur');
          const english = '<html lang="en">';
          if (html.split(english).length !== 2) throw new Error(`index.html must have exactly one ${english}`);
          urdu = html.replace(english, '<html lang="ur" dir="rtl">').replace(marker, `<div id="root">${urduShell}</div>`);
          return html.replace(marker, `<div id="root">${shell}</div>`);
        } finally {
          for (const name of added) Reflect.deleteProperty(globals, name);
          await server.close();
        }
      },
    },
    async writeBundle(options) {
      if (urdu === undefined) throw new Error('render-shell: the Urdu page was not drawn');
      await writeFile(join(options.dir ?? 'dist', 'index.ur.html'), urdu);
    },
  };
}

// The Rust server (BIND_ADDR's default); override with API_PROXY_TARGET to point elsewhere.
const backend = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command, mode }) => {
  const shopEnv = parseEnv(loadEnv(mode, process.cwd(), 'VITE_'));
  return {
    plugins: [
      messageCatalogues(),
      react(),
      shopNameMeta(shopEnv),
      renderShell(),
      urduFont(),
      precompress(),
      treeShakeReactRouter(),
      lazySseClient(),
      generatedPerImporter(),
    ],
    define: {
      __SHOP_ENV__: JSON.stringify(shopEnv),
    },
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // react-router's package exports name only its development build (remix-run/react-router#12532), which
        // ships its development warnings; the build takes the production one beside it.
        ...(command === 'build' && {
          'react-router': fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
        }),
      },
    },
    server: {
      proxy: {
        '/api': backend,
        '/media': backend,
      },
    },
    preview: {
      proxy: {
        '/api': backend,
        '/media': backend,
      },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      sourcemap: false,
      // .vite/manifest.json: the server links a product or category page's chunks from it (docs/seo.md).
      manifest: true,
      // Every browser the build targets loads modules itself; the polyfill would only add to the home page.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (filename, deps) =>
          /^assets\/(product|cart|category|checkout)-/.test(filename) ? deps : deps.filter((dep) => dep.endsWith('.css')),
      },
      // Every module the entry imports statically, as far as it uses them, in one chunk: the home page's
      // JavaScript in one request and one gzip stream, instead of a file for each module a lazy page shares with
      // it. Rolldown's `$initial` follows the imports the entry really uses, so what only a lazy page takes from a
      // package's index (TanStack Query's `useQueries`, for the cart) stays with that page.
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'scripts/**/*.test.mjs'],
      restoreMocks: true,
      testTimeout: 30_000,
      unstubGlobals: true,
    },
  };
});
