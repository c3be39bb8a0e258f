import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const dirs = (p) => (fs.existsSync(p) ? fs.readdirSync(p, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);
const webFeatures = dirs('src/web/features');
const serverFeatures = dirs('src/server/features');

// ARCHITECTURE.md, "Import edges": web features don't import each other; server features reach another feature only
// through its service.ts; platform/, providers/ and db/ never import a feature; the browser never imports
// server code. The zones only fire because the TypeScript resolver below resolves extensionless `.ts`
// imports; src/lint-edges.test.ts lints a forbidden import for each zone to prove it.
export const zones = [
  {
    target: ['./src/server/platform', './src/server/providers', './src/server/db'],
    from: './src/server/features',
    message: 'platform/, providers/ and db/ never import a feature: move the shared piece to platform/ (or pass it in).',
  },
  { target: './src/web', from: './src/server', message: 'The web app cannot import server code.' },
  { target: './src/server', from: './src/web', message: 'The server cannot import web code.' },
  { target: './src/shared', from: ['./src/web', './src/server'], message: 'Shared code stays isomorphic.' },
  ...webFeatures.map((f) => ({
    target: `./src/web/features/${f}`,
    from: './src/web/features',
    except: [`./${f}`],
    message: 'Web features do not import each other: move the shared piece to components/ or lib/.',
  })),
  ...serverFeatures.map((f) => ({
    target: `./src/server/features/${f}`,
    from: './src/server/features',
    except: [`./${f}`, './index.ts', ...serverFeatures.filter((o) => o !== f).map((o) => `./${o}/service.ts`)],
    message: "Call another feature's service.ts, not its queries or routes.",
  })),
];

const API_URL_MESSAGE = "Name the route with the typed client (apiUrl / callApi / apiQuery from src/web/lib/api-client.ts), not a hand-written '/api' URL.";

const TYPED_REPLY_MESSAGE =
  "A reply's type comes from the route (apiQuery / callApi / ApiReply from src/web/lib/api-client.ts), not a type argument or an `as` on res.json().";

const TYPED_REPLY = [
  { selector: "CallExpression[callee.name=/^(useQuery|useSuspenseQuery|useMutation|apiJson)$/][typeArguments]", message: TYPED_REPLY_MESSAGE },
  { selector: "CallExpression[callee.property.name=/^(setQueryData|getQueryData)$/][typeArguments]", message: TYPED_REPLY_MESSAGE },
  { selector: "TSAsExpression > AwaitExpression > CallExpression[callee.property.name='json']", message: TYPED_REPLY_MESSAGE },
  { selector: "TSAsExpression > CallExpression[callee.property.name='json']", message: TYPED_REPLY_MESSAGE },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'data/**', 'drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle reads the imported modules too: they are TypeScript
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]", message: 'No skipped tests.' },
      ],
    },
  },
  {
    // A reply's type comes from the contract (src/web/lib/api-client.ts): no read or write names it by hand, and no
    // reply is cast (src/lint-typed-client.test.ts shows each fires).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]", message: 'No skipped tests.' },
        ...TYPED_REPLY,
      ],
    },
  },
  {
    // Features and components call the API through the typed client (src/web/lib/api-client.ts, docs/api-reference.md):
    // a route is named by its key ('GET /api/clients/:id'), never by a hand-written '/api' URL.
    files: ['src/web/features/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]", message: 'No skipped tests.' },
        { selector: 'Literal[value=/^\\/api\\//]', message: API_URL_MESSAGE },
        { selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]', message: API_URL_MESSAGE },
        ...TYPED_REPLY,
      ],
    },
  },
  {
    // No module imports one that imports it back, however long the way round (src/lint-edges.test.ts shows it fires).
    files: ['src/server/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
