// The typed client in src/api/generated must be what the generator makes from the committed openapi.yaml
// (whose own freshness against the handlers a Rust test checks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const frontend = resolve(import.meta.dirname, '..');
const committed = join(frontend, 'src/api/generated');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

test('the generated client is up to date with openapi.yaml', () => {
  const fresh = mkdtempSync(join(tmpdir(), 'shop-client-'));
  try {
    execFileSync(join(frontend, 'node_modules/.bin/openapi-ts'), ['-s', '--no-log-file', '-o', fresh], { cwd: frontend });

    const expected = files(fresh).map((f) => relative(fresh, f)).sort();
    const actual = files(committed).map((f) => relative(committed, f)).sort();
    assert.deepEqual(actual, expected, 'the generated files differ: run `just openapi` and commit the result');
    for (const file of expected) {
      const same = readFileSync(join(fresh, file), 'utf8') === readFileSync(join(committed, file), 'utf8');
      assert.ok(same, `src/api/generated/${file} is out of date: run \`just openapi\` and commit the result`);
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
});
