/**
 * The build's patches of third-party and generated code that keep the home page's JavaScript within its
 * budget (docs/frontend-bundle.md). Each one fails the build when it no longer applies, instead of silently
 * doing nothing after an upgrade: a patch that matched no file, or a file it matched but found nothing to
 * change in, is an error naming the plugin to update.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

import type { Plugin } from 'vite';

/**
 * Lets the build drop the parts of react-router's one module that no page uses. Its production build creates
 * `Link`, `NavLink`, `Form` and the other components through `forwardRef` without a pure annotation and then
 * names them (`X.displayName = ...`, for React's developer tools only), so the bundler keeps every one, with
 * what it calls (`Form` brings the form submission code). Marks those calls pure and drops the names; line
 * numbers stay, so the module's source map still points at the right lines.
 *
 * Rolldown's own `treeshake.manualPureFunctions` does not reach these calls (members of a namespace import,
 * `React10.forwardRef`), and `propertyWriteSideEffects: false` would drop property writes in every module
 * and still leaves the home page 0.8 kB heavier, so the patch stays, guarded.
 *
 * It also makes `Link` return its `<a>` alone, never beside `<PrefetchPageLinks>`: that prefetching (the
 * `prefetch` prop) is framework mode's, reading the route manifest of a data router, which this app (a
 * `BrowserRouter`) does not have, and no link of the shop asks for it; with it go the manifest and
 * route-module walking it brings (1.5 kB gzip).
 */
export function treeShakeReactRouter(): Plugin {
  let patched: string[] = [];
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    buildStart() {
      patched = [];
    },
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^/\\]+\.mjs$/, code: 'forwardRef(' },
      handler(code, id) {
        let pure = 0;
        let names = 0;
        let prefetch = 0;
        const annotated = code
          .replace(/= (React\d*)\.forwardRef\(/g, (_call, react: string) => {
            pure += 1;
            return `= /* @__PURE__ */ ${react}.forwardRef(`;
          })
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, () => {
            names += 1;
            return '';
          })
          .replace(/return shouldPrefetch && !isAbsolute \? .*\(PrefetchPageLinks, \{ page: href \}\)\) : link;/g, () => {
            prefetch += 1;
            return 'return link;';
          });
        if (pure === 0 || names === 0 || prefetch !== 1) {
          this.error(
            `tree-shake-react-router: ${id} has ${pure} \`= React.forwardRef(\` call(s), ${names} displayName line(s) and ${prefetch} Link prefetch return(s) to patch, where it expects some, some and one: react-router changed, update or drop the plugin (frontend/build/patches.ts)`,
          );
        }
        patched.push(id);
        return { code: annotated, map: null };
      },
    },
    buildEnd(error) {
      if (!error && patched.length === 0) {
        this.error('tree-shake-react-router: no react-router chunk calls forwardRef: react-router changed, update or drop the plugin (frontend/build/patches.ts)');
      }
    },
  };
}

/** The generated modules of calls and rules `generatedPerImporter` instances, under `src`. */
export function instancedModule(src: string, id: string): boolean {
  const sdk = ['index.ts', 'sdk.gen.ts', '@tanstack/react-query.gen.ts'].map((file) => `${src}api/generated/${file}`);
  return sdk.includes(id) || (id.startsWith(`${src}api/rules/`) && id.endsWith('.gen.ts'));
}

/**
 * Gives each module that imports a generated module of calls or rules (`sdk.gen.ts`, the
 * `@tanstack/react-query.gen.ts` query options, the `index.ts` that re-exports them, `src/api/rules/*.gen.ts`)
 * an instance of its own. The bundler puts a module whole into one chunk, with every export some page uses:
 * one shared SDK would carry the admin's and the checkout's calls into the home page's chunk, since the home
 * page needs the module too. An instance per importer keeps only what that importer uses and goes wherever
 * the importer goes. These modules hold no state (the client and its settings live in `client.gen.ts`,
 * which stays one module), so instances are interchangeable; a call used in several places is repeated in
 * their chunks, a few hundred bytes in all. Fails the build when one of the generated files is missing or
 * no module was instanced (the generator's file layout changed).
 */
export function generatedPerImporter(src = fileURLToPath(new URL('../src/', import.meta.url))): Plugin {
  const marker = '?instance-for=';
  let instanced = 0;
  return {
    name: 'generated-per-importer',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      instanced = 0;
      const missing = ['index.ts', 'sdk.gen.ts', '@tanstack/react-query.gen.ts'].filter(
        (file) => !existsSync(`${src}api/generated/${file}`),
      );
      if (missing.length > 0) {
        this.error(`generated-per-importer: src/api/generated lacks ${missing.join(', ')}: the generator's layout changed, update the plugin (frontend/build/patches.ts)`);
      }
    },
    async resolveId(source, importer, options) {
      if (!importer) return null;
      // An instance's own imports resolve from its file, and what it imports of the above stays in the instance.
      const at = importer.indexOf(marker);
      const file = at === -1 ? importer : importer.slice(0, at);
      const owner = at === -1 ? importer.replace(src, '') : importer.slice(at + marker.length);
      const resolved = await this.resolve(source, file, { ...options, skipSelf: true });
      if (!resolved) return null;
      if (instancedModule(src, resolved.id)) {
        instanced += 1;
        return `${resolved.id}${marker}${owner}`;
      }
      return at === -1 ? null : resolved;
    },
    buildEnd(error) {
      if (!error && instanced === 0) {
        this.error('generated-per-importer: no module imported a generated module of calls or rules: update the plugin (frontend/build/patches.ts)');
      }
    },
  };
}

/**
 * Loads the generated client's server-sent-events reader when a call first asks for one. The client builds
 * its `sse` methods around `createSseClient` at once, so the home page would carry a reader no page uses;
 * `makeSseFn` is already async, so awaiting the module there changes nothing for a caller.
 */
export function lazySseClient(): Plugin {
  const importLine = "import { createSseClient } from '../core/serverSentEvents.gen';";
  let patched = 0;
  return {
    name: 'lazy-sse-client',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      patched = 0;
    },
    transform: {
      filter: { id: /[\\/]src[\\/]api[\\/]generated[\\/]client[\\/]client\.gen\.ts$/ },
      handler(code) {
        if (!code.includes(importLine) || !code.includes('return createSseClient({')) {
          this.error('lazy-sse-client: client.gen.ts no longer imports createSseClient as the plugin expects: update it (frontend/build/patches.ts)');
        }
        patched += 1;
        const lazy = code
          .replace(importLine, '')
          .replace('return createSseClient({', "return (await import('../core/serverSentEvents.gen')).createSseClient({");
        return { code: lazy, map: null };
      },
    },
    buildEnd(error) {
      if (!error && patched === 0) {
        this.error('lazy-sse-client: the build loaded no src/api/generated/client/client.gen.ts: update the plugin (frontend/build/patches.ts)');
      }
    },
  };
}
