import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md, "Import edges" is enforced by import-x/no-restricted-paths (eslint.config.js). Each fixture below is a
// file holding one import, linted as if it sat at `file`: the forbidden ones must be reported, the
// allowed ones not. Without the TypeScript resolver every `.ts` import is unresolved and nothing fires.

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function restrictedPathErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const FORBIDDEN = [
  { zone: 'platform/ imports a feature', file: 'src/server/platform/fixture.ts', code: "import { clientRoutes } from '../features/clients/routes';\nexport const x = clientRoutes;\n" },
  { zone: 'providers/ imports a feature', file: 'src/server/providers/email/fixture.ts', code: "import * as accounts from '../../features/accounts/service';\nexport const x = accounts;\n" },
  { zone: 'db/ imports a feature', file: 'src/server/db/fixture.ts', code: "import * as q from '../features/clients/queries';\nexport const x = q;\n" },
  { zone: "a server feature reaches into another's queries", file: 'src/server/features/imports/fixture.ts', code: "import * as q from '../clients/queries';\nexport const x = q;\n" },
  { zone: "a server feature reaches into another's routes", file: 'src/server/features/business/fixture.ts', code: "import { clientRoutes } from '../clients/routes';\nexport const x = clientRoutes;\n" },
  { zone: 'a web feature imports another', file: 'src/web/features/clients/fixture.ts', code: "import { webhookPath } from '../imports/webhook-sample';\nexport const x = webhookPath;\n" },
  { zone: 'the web app imports server code', file: 'src/web/lib/fixture.ts', code: "import { loadConfig } from '../../server/config';\nexport const x = loadConfig;\n" },
  { zone: 'the server imports web code', file: 'src/server/fixture.ts', code: "import * as api from '../web/lib/api';\nexport const x = api;\n" },
  { zone: 'shared code imports server code', file: 'src/shared/fixture.ts', code: "import { loadConfig } from '../server/config';\nexport const x = loadConfig;\n" },
];

const ALLOWED = [
  { edge: "a server feature calls another's service.ts", file: 'src/server/features/imports/fixture.ts', code: "import * as clients from '../clients/service';\nexport const x = clients;\n" },
  { edge: 'a feature uses its own queries', file: 'src/server/features/clients/fixture.ts', code: "import * as q from './queries';\nexport const x = q;\n" },
  { edge: 'platform/ uses db/', file: 'src/server/platform/fixture.ts', code: "import { rowsOf } from '../db/client';\nexport const x = rowsOf;\n" },
  { edge: 'a web feature uses lib/', file: 'src/web/features/clients/fixture.ts', code: "import * as api from '../../lib/api';\nexport const x = api;\n" },
  { edge: 'the web app uses shared code', file: 'src/web/features/clients/fixture2.ts', code: "import * as format from '../../../shared/format';\nexport const x = format;\n" },
];

describe('import edges (ARCHITECTURE.md, "Import edges")', () => {
  it.each(FORBIDDEN)('reports: $zone', async ({ file, code }) => {
    expect(await restrictedPathErrors(file, code)).toHaveLength(1);
  });

  it.each(ALLOWED)('allows: $edge', async ({ file, code }) => {
    expect(await restrictedPathErrors(file, code)).toEqual([]);
  });
});

// import-x/no-cycle: no module imports one that imports it back, however long the way round. Each fixture is
// linted as if it were an existing module (its own path) that another module imports: the fixture importing
// that module back closes a circle, which must be reported; the real file (no such import) must not be.
async function cycleErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => m.message);
}

const CYCLES = [
  {
    circle: 'clients/loyalty-score.ts -> clients/service.ts -> clients/loyalty-score.ts',
    file: 'src/server/features/clients/loyalty-score.ts',
    code: "import { clientById } from './service';\nexport const x = clientById;\n",
  },
  {
    circle: 'bookings -> clients -> bookings (a step of the booking pipeline importing the bookings feature back)',
    file: 'src/server/features/clients/export-csv.ts',
    code: "import { addClient } from '../bookings/service';\nexport const x = addClient;\n",
  },
  { circle: 'web lib/http.ts -> lib/api.ts -> lib/http.ts', file: 'src/web/lib/http.ts', code: "import { apiRequest } from './api';\nexport const x = apiRequest;\n" },
];

describe('no import cycles (import-x/no-cycle)', () => {
  it.each(CYCLES)('reports: $circle', async ({ file, code }) => {
    expect(await cycleErrors(file, code)).toHaveLength(1);
  });

  it.each(CYCLES)('finds none in the real $file', async ({ file }) => {
    expect(await cycleErrors(file, fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});
