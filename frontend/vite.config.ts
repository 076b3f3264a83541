import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

import { parseEnv } from './src/config/env-schema';

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
        .filter(([fileName]) => /\.(js|css|html|svg|json)$/.test(fileName))
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

/**
 * Puts every module the entry imports statically into one chunk (`shell`), the home page's JavaScript: one
 * request and one gzip stream instead of a file per module that a lazy page shares with it. Lazy pages keep
 * their own chunks and import what they share from the shell.
 */
function shellChunk() {
  const imports = new Map<string, readonly string[]>();
  let shell: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'shell-chunk',
    apply: 'build',
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  const inShell = (id: string): boolean => {
    if (!shell) {
      const reached = new Set<string>();
      const pending = [...imports.keys()].filter((module) => module.endsWith('/src/main.tsx'));
      for (let module = pending.pop(); module !== undefined; module = pending.pop()) {
        if (reached.has(module)) continue;
        reached.add(module);
        pending.push(...(imports.get(module) ?? []));
      }
      shell = reached;
    }
    return shell.has(id);
  };
  return { plugin, group: { name: 'shell', test: inShell } };
}

const shell = shellChunk();

// The Rust server (BIND_ADDR's default); override with API_PROXY_TARGET to point elsewhere.
const backend = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), precompress(), shell.plugin],
  define: {
    __SHOP_ENV__: JSON.stringify(parseEnv(loadEnv(mode, process.cwd(), 'VITE_'))),
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
    // Every browser the build targets loads modules itself; the polyfill would only add to the home page.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [shell.group] } } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 30_000,
    unstubGlobals: true,
  },
}));
