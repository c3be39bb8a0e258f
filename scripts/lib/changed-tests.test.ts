import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { browserSpecsFor, SPECS_BY_WEB_FEATURE } from './changed-tests.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

it('every web feature folder has its browser specs, and each of them exists', () => {
  const folders = fs.readdirSync(path.join(root, 'src/web/features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  expect(Object.keys(SPECS_BY_WEB_FEATURE).sort()).toEqual(folders.sort());
  for (const specs of Object.values(SPECS_BY_WEB_FEATURE)) {
    expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) expect(fs.existsSync(path.join(root, `tests/e2e/${spec}.spec.ts`)), spec).toBe(true);
  }
});

it('a change maps to the specs of its web feature and to changed specs; shared web code widens it; server code adds none', () => {
  expect(browserSpecsFor(['src/web/features/leads/lead-inbox.tsx', 'tests/e2e/toasts.spec.ts', 'src/server/features/leads/service.ts'])).toEqual({
    specs: ['tests/e2e/leads.spec.ts', 'tests/e2e/toasts.spec.ts'],
    wide: false,
  });
  expect(browserSpecsFor(['src/web/components/list-state.tsx']).wide).toBe(true);
  expect(browserSpecsFor(['src/server/app.ts'])).toEqual({ specs: [], wide: false });
});
