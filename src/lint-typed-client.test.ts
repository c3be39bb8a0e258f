import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web app's replies are typed by the contract (src/web/lib/api-client.ts, eslint.config.js "TYPED_REPLY"): a
// read or write that names its reply type by hand, or casts a reply, is reported; the typed client's own calls are
// not. Each fixture is linted as if it sat at `file`.

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const TYPED = /A reply's type comes from the route/;

async function typedReplyErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && TYPED.test(m.message)).map((m) => m.message);
}

const head = "import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';\ndeclare const qc: QueryClient;\ndeclare const res: Response;\n";

const REFUSED = [
  { what: 'useQuery with a reply type', file: 'src/web/features/clients/fixture.ts', code: `${head}export const q = () => useQuery<{ n: number }>({ queryKey: ['x'] });\n` },
  { what: 'useMutation with a reply type', file: 'src/web/components/fixture.ts', code: `${head}export const m = () => useMutation<{ n: number }>({});\n` },
  { what: 'setQueryData with a reply type', file: 'src/web/features/sms/fixture.ts', code: `${head}export const s = () => qc.setQueryData<number[]>(['x'], []);\n` },
  { what: 'apiJson with a reply type', file: 'src/web/lib/fixture.ts', code: `${head}declare function apiJson<T>(m: string): Promise<T>;\nexport const j = () => apiJson<{ n: number }>('GET');\n` },
  { what: 'a cast on await res.json()', file: 'src/web/lib/fixture.ts', code: `${head}export const r = async () => (await res.json()) as { n: number };\n` },
  { what: 'a cast on res.json()', file: 'src/web/features/leads/fixture.ts', code: `${head}export const r = () => res.json() as Promise<{ n: number }>;\n` },
];

const ALLOWED = [
  {
    what: 'a read through apiQuery',
    file: 'src/web/features/clients/fixture.ts',
    code: `${head}import { apiQuery } from '../../lib/api-query';\nexport const q = () => useQuery({ ...apiQuery('GET /api/clients/:id', { params: { id: 1 } }), staleTime: 0 });\n`,
  },
  { what: 'a reply read as unknown', file: 'src/web/lib/fixture.ts', code: `${head}export const r = async () => { const body: unknown = await res.json(); return body; };\n` },
];

describe('reply types come from the contract (eslint.config.js, TYPED_REPLY)', () => {
  it.each(REFUSED)('reports: $what', async ({ file, code }) => {
    expect(await typedReplyErrors(file, code)).toHaveLength(1);
  });

  it.each(ALLOWED)('allows: $what', async ({ file, code }) => {
    expect(await typedReplyErrors(file, code)).toEqual([]);
  });
});
