import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';

import { generatedPerImporter, instancedModule, lazySseClient, treeShakeReactRouter } from './patches';

const frontend = resolve(import.meta.dirname, '..');
const src = join(frontend, 'src/');

/** The context a hook runs in, as far as these plugins use it: `error` throws, as Rolldown's does. */
const context = {
  error(message: string): never {
    throw new Error(message);
  },
  resolve: (source: string) => Promise.resolve({ id: join(src, source) }),
};

type Handler = (this: typeof context, ...args: unknown[]) => unknown;

/** Runs `plugin`'s hook `name` (a function or an object with a `handler`) with `args`. */
function hook(plugin: Plugin, name: 'buildStart' | 'buildEnd' | 'transform' | 'resolveId', ...args: unknown[]): unknown {
  const value = plugin[name] as Handler | { handler: Handler } | undefined;
  if (!value) throw new Error(`${plugin.name} has no ${name}`);
  return (typeof value === 'function' ? value : value.handler).call(context, ...args);
}

/** The installed react-router chunks the plugin's filter takes: the file name and the code filter. */
function reactRouterChunks(): { id: string; code: string }[] {
  const dir = join(frontend, 'node_modules/react-router/dist/production');
  return readdirSync(dir)
    .filter((name) => /^chunk-.+\.mjs$/.test(name))
    .map((name) => ({ id: join(dir, name), code: readFileSync(join(dir, name), 'utf8') }))
    .filter(({ code }) => code.includes('forwardRef('));
}

describe('treeShakeReactRouter', () => {
  it("marks the installed react-router's 4 forwardRef components pure, drops its 15 displayName lines and Link's prefetching", () => {
    const plugin = treeShakeReactRouter();
    const chunks = reactRouterChunks();
    hook(plugin, 'buildStart');

    const patched = chunks.map(({ id, code }) => (hook(plugin, 'transform', code, id) as { code: string }).code);

    expect(chunks).toHaveLength(1);
    const [code = ''] = patched;
    expect(code.match(/= \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/g)).toHaveLength(4);
    expect(code).not.toMatch(/^\w+\.displayName = /m);
    expect(chunks[0]?.code).toContain('(PrefetchPageLinks, { page: href })) : link;');
    expect(code).not.toContain('(PrefetchPageLinks, { page: href })');
    expect(code).toMatch(/^ {4}return link;$/m);
    expect(code.split('\n')).toHaveLength(chunks[0]?.code.split('\n').length ?? 0);
    expect(() => hook(plugin, 'buildEnd')).not.toThrow();
  });

  it('fails the build when a chunk calling forwardRef has nothing it knows how to patch', () => {
    const plugin = treeShakeReactRouter();
    const changed = 'const Link = forwardRef(function Link(props, ref) {});\nLink.displayName = "Link";\n';

    expect(() => hook(plugin, 'transform', changed, '/x/node_modules/react-router/dist/production/chunk-NEW.mjs')).toThrow(
      /tree-shake-react-router: .*chunk-NEW\.mjs has 0 `= React\.forwardRef\(` call\(s\), 1 displayName line\(s\) and 0 Link prefetch return\(s\) to patch/,
    );
  });

  it('fails the build when no react-router chunk reached it', () => {
    const plugin = treeShakeReactRouter();
    hook(plugin, 'buildStart');

    expect(() => hook(plugin, 'buildEnd')).toThrow('tree-shake-react-router: no react-router chunk calls forwardRef');
    expect(() => hook(plugin, 'buildEnd', new Error('an earlier failure'))).not.toThrow();
  });
});

describe('lazySseClient', () => {
  const id = join(src, 'api/generated/client/client.gen.ts');

  it('makes the generated client import its server-sent-events reader when a call first needs it', () => {
    const plugin = lazySseClient();
    hook(plugin, 'buildStart');

    const { code } = hook(plugin, 'transform', readFileSync(id, 'utf8'), id) as { code: string };

    expect(code).not.toContain("import { createSseClient } from '../core/serverSentEvents.gen';");
    expect(code).toContain("return (await import('../core/serverSentEvents.gen')).createSseClient({");
    expect(() => hook(plugin, 'buildEnd')).not.toThrow();
  });

  it('fails the build when the client is written otherwise or never loaded', () => {
    const plugin = lazySseClient();
    hook(plugin, 'buildStart');

    expect(() => hook(plugin, 'transform', "import { createSseClient } from './sse';", id)).toThrow(
      'lazy-sse-client: client.gen.ts no longer imports createSseClient',
    );
    expect(() => hook(plugin, 'buildEnd')).toThrow('lazy-sse-client: the build loaded no src/api/generated/client/client.gen.ts');
  });
});

describe('generatedPerImporter', () => {
  it('gives each importer of a generated module of calls or rules an instance of its own', async () => {
    const plugin = generatedPerImporter(src);
    hook(plugin, 'buildStart');

    const sdk = await hook(plugin, 'resolveId', 'api/generated/sdk.gen.ts', join(src, 'features/cart/api/x.ts'), {});
    const client = await hook(plugin, 'resolveId', 'api/generated/client.gen.ts', join(src, 'features/cart/api/x.ts'), {});

    expect(sdk).toBe(`${src}api/generated/sdk.gen.ts?instance-for=features/cart/api/x.ts`);
    expect(client).toBeNull();
    expect(instancedModule(src, `${src}api/rules/cart.gen.ts`)).toBe(true);
    expect(() => hook(plugin, 'buildEnd')).not.toThrow();
  });

  it('fails the build when the generated files are elsewhere or nothing imports them', () => {
    const moved = generatedPerImporter(join(frontend, 'build/'));
    const unused = generatedPerImporter(src);
    hook(unused, 'buildStart');

    expect(() => hook(moved, 'buildStart')).toThrow(
      'generated-per-importer: src/api/generated lacks index.ts, sdk.gen.ts, @tanstack/react-query.gen.ts',
    );
    expect(() => hook(unused, 'buildEnd')).toThrow('generated-per-importer: no module imported a generated module');
  });
});

describe("hey-api's '~resolvers' hook (openapi-ts.config.ts)", () => {
  it('makes every generated call validate through zod.gen.ts imported on demand, never at once', () => {
    const generated = join(src, 'api/generated');
    const sdk = readFileSync(join(generated, 'sdk.gen.ts'), 'utf8');
    const validators = sdk.match(/^ {4}(request|response)Validator: .*$/gm) ?? [];
    const staticImports = readdirSync(generated, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && file !== 'zod.gen.ts')
      .filter((file) => /from '\.{1,2}\/(\.\.\/)*zod\.gen'/.test(readFileSync(join(generated, file), 'utf8')));

    expect(validators.length).toBeGreaterThan(100);
    for (const validator of validators) {
      expect(validator).toMatch(/Validator: async \(data\) => await \(await import\('\.\/zod\.gen'\)\)\.z\w+\.parseAsync\(data\),$/);
    }
    expect(staticImports).toEqual([]);
  });
});
