// Which vitest files open a database: those whose imports reach src/server/testing/test-database.ts (directly or
// through createTestApp, the factories, ...). They run on PGlite and again on PostgreSQL; every other test file
// runs once. vitest.config.ts builds its two projects ("db" and "unit") from this; a file of the "unit" project
// that opens a database anyway fails (createTestDatabase checks), so a new database test cannot skip PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';

const TEST_DATABASE = 'src/server/testing/test-database.ts';
const TEST_ROOTS = ['src', 'scripts'];
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

// Static `import ... from '...'`, `export ... from '...'`, side-effect `import '...'` and `import('...')`.
// `import type` is erased by the compiler and left out; a mixed import is kept (counting it costs time, not cover).
const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** @param {string} fromFile @param {string} spec @returns {string | null} */
function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [...EXTENSIONS.map((ext) => base + ext)];
  if (/\.m?js$/.test(spec)) candidates.push(base.replace(/\.(m?)js$/, '.$1ts'));
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

/** @param {string} file @param {Map<string, string[]>} cache @returns {string[]} */
function importsOf(file, cache) {
  let found = cache.get(file);
  if (!found) {
    const text = fs.readFileSync(file, 'utf8');
    found = [];
    for (const m of text.matchAll(IMPORT)) {
      const resolved = resolveImport(file, m[1] ?? m[2] ?? '');
      if (resolved) found.push(resolved);
    }
    cache.set(file, found);
  }
  return found;
}

/**
 * Whether `file`'s import graph (relative imports, followed transitively) reaches `target`.
 * @param {string} file @param {string} target @param {Map<string, string[]>} cache
 */
function reaches(file, target, cache) {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    const next = /** @type {string} */ (queue.pop());
    if (next === target) return true;
    for (const dep of importsOf(next, cache)) {
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return false;
}

/** Every vitest file under src/ and scripts/, relative to `root`. @param {string} root @returns {string[]} */
export function listTestFiles(root) {
  const files = [];
  for (const dir of TEST_ROOTS) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const entry of fs.readdirSync(abs, { recursive: true, encoding: 'utf8' })) {
      if (entry.endsWith('.test.ts') && !entry.split(path.sep).includes('node_modules')) files.push(path.posix.join(dir, entry.split(path.sep).join('/')));
    }
  }
  return files.sort();
}

/**
 * The test files (paths relative to `root`) split into those that open a database and the rest, and each of
 * those into the files that share one module registry per worker and the files that replace a module with
 * `vi.mock` (a replacement only takes hold in a registry of the file's own).
 * @param {string} root
 * @returns {{ database: string[], databaseIsolated: string[], unit: string[], unitIsolated: string[] }}
 */
export function classifyTestFiles(root) {
  const cache = new Map();
  const target = path.join(root, TEST_DATABASE);
  const found = { database: [], databaseIsolated: [], unit: [], unitIsolated: [] };
  for (const file of listTestFiles(root)) {
    const abs = path.join(root, file);
    const text = fs.readFileSync(abs, 'utf8');
    // A file that picks its database by kind itself (loadTestEnv) is a database test too.
    const opensOne = reaches(abs, target, cache) || /\bloadTestEnv\(/.test(text);
    const mocksAModule = /\bvi\.(?:do)?[mM]ock\(/.test(text);
    found[`${opensOne ? 'database' : 'unit'}${mocksAModule ? 'Isolated' : ''}`].push(file);
  }
  return found;
}
