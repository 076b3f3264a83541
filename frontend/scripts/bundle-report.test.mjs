import { describe, expect, it } from 'vitest';

import { attribute, decodeMappings, partOf, replaceSection } from './bundle-report.mjs';

describe('the bundle report', () => {
  it("decodes a source map's segments into absolute columns and sources", () => {
    // Line 1: column 0 from source 0, column 3 from source 1, column 11 naming no source; line 2: column 2
    // from source 1 again (the source index carries over lines, the column does not).
    expect(decodeMappings('AAAA,GCAA,QAAA,C;EAAA')).toEqual([
      [
        [0, 0],
        [3, 1],
        [11, 1],
        [12, -1],
      ],
      [[2, 1]],
    ]);
    expect(decodeMappings('gBAAA')).toEqual([[[16, 0]]]);
  });

  it('gives every character of the code to the source of the segment it falls in, the rest to glue', () => {
    const map = { mappings: 'CAAA,GCAA;AAAA', sources: ['react.js', 'cart.ts'] };

    const pieces = attribute('(abcdef\nxyz', map);

    expect(Object.fromEntries([...pieces].map(([source, texts]) => [source, texts.join('')]))).toEqual({
      '-1': '(\n',
      0: 'abc',
      1: 'defxyz',
    });
  });

  it('names the part of the page a source belongs to by its package or its folder under src', () => {
    expect(partOf('/w/frontend/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(partOf('/w/frontend/node_modules/@tanstack/query-core/build/modern/query.js')).toBe('@tanstack/query-core');
    expect(partOf('/w/frontend/src/features/cart/hooks/use-cart.ts')).toBe('src/features/cart');
    expect(partOf('/w/frontend/src/lib/format.ts')).toBe('src/lib');
    expect(partOf('/w/frontend/src/main.tsx')).toBe('src/main.tsx');
    expect(partOf('/w/frontend/dist/assets/rolldown:runtime')).toBe('(bundler runtime)');
  });

  it("replaces only the report's section of a document, and refuses one without it", () => {
    const document = 'intro\n<!-- bundle-report:start -->\nold\n<!-- bundle-report:end -->\nafter\n';

    expect(replaceSection(document, 'new')).toBe('intro\n<!-- bundle-report:start -->\nnew\n<!-- bundle-report:end -->\nafter\n');
    expect(() => replaceSection('intro\n', 'new')).toThrow('the document has no <!-- bundle-report:start -->');
  });
});
