// npm run code-map — a few figures of the server's shape, read from the source (tests left out):
//   server features              folders of src/server/features
//   service.ts exports           functions and aliases a feature's service.ts exports (types and literal constants left out),
//     pass-through               of those, the ones that only hand a call on: a re-export, an alias (`export const a = b`), or a
//                                function whose whole body is one call with plain arguments
//   raw SQL                      sql`` templates, and the statements run on them (.execute / readRows / rowCount calls)
//   hand-written row types       the row types given to rowsOf / readRows by hand: inline object types, and the object type
//                                aliases of the same file they name
// Usage: tsx scripts/code-map-counts.ts [--list] [DIR]   (DIR: a checkout, the current one by default)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
const root = args.find((a) => !a.startsWith('--')) ?? process.cwd();
const server = join(root, 'src/server');
const featuresDir = join(server, 'features');

const isTest = (f: string) => /\.test(-util)?\.ts$|\.test\.tsx?$|\.test-util\.ts$/.test(f);

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsFiles(path));
    else if (name.endsWith('.ts') && !isTest(name)) out.push(path);
  }
  return out;
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** A call of a named function, awaited or not, whose arguments call nothing (`q.select(db, id)`, not `a().b()`). */
function isPlainCall(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node)) return isPlainCall(node.expression);
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (!ts.isIdentifier(callee) && !(ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression))) return false;
  let nested = false;
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) || ts.isTaggedTemplateExpression(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n)) nested = true;
    else ts.forEachChild(n, visit);
  };
  node.arguments.forEach(visit);
  return !nested;
}

function bodyOnlyCalls(body: ts.ConciseBody | undefined): boolean {
  if (!body) return false;
  if (!ts.isBlock(body)) return isPlainCall(body);
  if (body.statements.length !== 1) return false;
  const [s] = body.statements;
  if (ts.isReturnStatement(s)) return isPlainCall(s.expression);
  if (ts.isExpressionStatement(s)) return isPlainCall(s.expression);
  return false;
}

type Export = { name: string; passThrough: boolean };

function serviceExports(file: string): Export[] {
  const out: Export[] = [];
  for (const st of parse(file).statements) {
    if (ts.isExportDeclaration(st)) {
      if (st.isTypeOnly || !st.exportClause || !ts.isNamedExports(st.exportClause)) continue;
      for (const el of st.exportClause.elements) if (!el.isTypeOnly) out.push({ name: el.name.text, passThrough: true });
    } else if (ts.isFunctionDeclaration(st) && hasExport(st) && st.name) {
      out.push({ name: st.name.text, passThrough: bodyOnlyCalls(st.body) });
    } else if (ts.isVariableStatement(st) && hasExport(st)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (!init || !ts.isIdentifier(d.name)) continue;
        if (ts.isIdentifier(init) || ts.isPropertyAccessExpression(init)) out.push({ name: d.name.text, passThrough: true });
        else if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) out.push({ name: d.name.text, passThrough: bodyOnlyCalls(init.body) });
      }
    }
  }
  return out;
}

const ROW_READERS = new Set(['rowsOf', 'readRows']);
const STATEMENT_CALLS = new Set(['execute', 'readRows', 'rowCount']);

function sqlFigures(file: string) {
  const source = parse(file);
  let templates = 0;
  let statements = 0;
  const objectAliases = new Set<string>();
  const inline: ts.Node[] = [];
  const named = new Set<string>();
  const calleeName = (e: ts.Expression) => (ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : '');
  const containsLiteral = (t: ts.TypeNode): boolean => ts.isTypeLiteralNode(t) || (ts.forEachChild(t, (c) => (ts.isTypeNode(c) && containsLiteral(c)) || undefined) ?? false);
  const visit = (n: ts.Node) => {
    if (ts.isTaggedTemplateExpression(n) && calleeName(n.tag) === 'sql') templates += 1;
    if (ts.isCallExpression(n)) {
      const name = calleeName(n.expression);
      if (STATEMENT_CALLS.has(name)) statements += 1;
      if (ROW_READERS.has(name) && n.typeArguments?.length) {
        const [t] = n.typeArguments;
        if (containsLiteral(t)) inline.push(t);
        const refs = (x: ts.Node) => {
          if (ts.isTypeReferenceNode(x) && ts.isIdentifier(x.typeName)) named.add(x.typeName.text);
          ts.forEachChild(x, refs);
        };
        refs(t);
      }
    }
    if (ts.isTypeAliasDeclaration(n) && containsLiteral(n.type)) objectAliases.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(source);
  const rowTypes = inline.length + [...named].filter((t) => objectAliases.has(t)).length;
  return { templates, statements, rowTypes };
}

const features = readdirSync(featuresDir).filter((f) => statSync(join(featuresDir, f)).isDirectory());
let exportsCount = 0;
let passCount = 0;
const perService: string[] = [];
for (const f of features) {
  const service = join(featuresDir, f, 'service.ts');
  let found: Export[] = [];
  try {
    found = serviceExports(service);
  } catch {
    continue;
  }
  const pass = found.filter((e) => e.passThrough);
  exportsCount += found.length;
  passCount += pass.length;
  if (list && pass.length) perService.push(`  ${f}/service.ts: ${pass.map((e) => e.name).join(', ')}`);
}

let templates = 0;
let statements = 0;
let rowTypes = 0;
for (const file of tsFiles(server)) {
  const s = sqlFigures(file);
  templates += s.templates;
  statements += s.statements;
  rowTypes += s.rowTypes;
}

console.log(`code map of ${relative(process.cwd(), root) || '.'}`);
console.log(`server features            ${features.length}`);
console.log(`service.ts exports         ${exportsCount} (pass-through ${passCount})`);
console.log(`raw SQL                    ${templates} sql templates, ${statements} statements run (execute / readRows / rowCount)`);
console.log(`hand-written row types     ${rowTypes}`);
if (list && perService.length) console.log(`pass-through exports:\n${perService.join('\n')}`);
