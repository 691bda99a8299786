import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ADMIN_UI = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SCHEMA = 'src/shared/api/schema.d.ts';

describe('generated API types', () => {
  it(
    'schema.d.ts is what `npm run gen:api` makes of openapi.json',
    () => {
      // The very command of the npm script, writing elsewhere, so the check cannot drift from the generator's flags.
      const script: string = JSON.parse(readFileSync(join(ADMIN_UI, 'package.json'), 'utf8')).scripts['gen:api'];
      expect(script).toContain(SCHEMA);
      const dir = mkdtempSync(join(tmpdir(), 'asp-schema-'));
      try {
        const fresh = join(dir, 'schema.d.ts');
        execSync(script.replace(SCHEMA, fresh), {
          cwd: ADMIN_UI,
          stdio: 'pipe',
          env: { ...process.env, PATH: `${join(ADMIN_UI, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` },
        });
        const committed = readFileSync(join(ADMIN_UI, SCHEMA), 'utf8').split('\n');
        const expected = readFileSync(fresh, 'utf8').split('\n');
        const line = expected.findIndex((text, i) => committed[i] !== text);
        const stale = line >= 0 || committed.length !== expected.length;
        expect(
          stale ? `${SCHEMA} differs from openapi.json from line ${(line >= 0 ? line : expected.length) + 1}` : 'current',
          'run `npm run gen:api` in admin-ui (or scripts/gen-api-types.sh after an API change) and commit both files',
        ).toBe('current');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
