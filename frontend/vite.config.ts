import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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

// The Rust server (BIND_ADDR's default); override with API_PROXY_TARGET to point elsewhere.
const backend = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
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
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 20_000,
    unstubGlobals: true,
  },
});
