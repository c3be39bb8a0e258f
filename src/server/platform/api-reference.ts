// GET /api/reference: the OpenAPI document as one plain page (no script, no outside file, so the app's
// Content-Security-Policy holds): each route with its access, parameters, body and replies as JSON Schema.

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type Document = { info?: { title?: string; description?: string }; paths?: Record<string, Record<string, Operation>> };

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escape(label)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;

function renderOperation(method: string, path: string, op: Operation): string {
  const access = op.security?.length ? 'session (the owner\'s cookie)' : 'public';
  const params = (op.parameters ?? []).map((p) => `<li><code>${escape(p.name)}</code> in ${escape(p.in)}${p.required ? ', required' : ''}</li>`);
  const body = op.requestBody?.content?.['application/json']?.schema;
  const replies = Object.entries(op.responses ?? {}).map(([status, r]) =>
    schemaBlock(`Reply ${status}`, r.content?.['application/json']?.schema ?? r.content ?? r.description ?? {}),
  );
  return [
    `<section id="${escape(`${method} ${path}`)}">`,
    `<h3><span class="m">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>`,
    op.summary ? `<p>${escape(op.summary)}</p>` : '',
    `<p>Access: ${access}</p>`,
    params.length ? `<ul>${params.join('')}</ul>` : '',
    body ? schemaBlock('Request body', body) : '',
    ...replies,
    '</section>',
  ].join('\n');
}

export function renderApiReference(document: unknown): string {
  const doc = document as Document;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const areas = [...byTag.keys()].sort();
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(doc.info?.title ?? 'API')} reference</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111}',
    'code,pre{font-family:ui-monospace,monospace;font-size:.875rem}pre{background:#f4f4f5;padding:.75rem;overflow:auto}',
    'section{border-top:1px solid #e4e4e7;padding:.5rem 0}.m{display:inline-block;min-width:4rem;font-weight:600}</style></head><body>',
    `<h1>${escape(doc.info?.title ?? 'API')} reference</h1>`,
    `<p>${escape(doc.info?.description ?? '')} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>`,
    `<nav><ul>${areas.map((a) => `<li><a href="#area-${escape(a)}">/api/${escape(a)}</a></li>`).join('')}</ul></nav>`,
    ...areas.map((a) => `<h2 id="area-${escape(a)}">/api/${escape(a)}</h2>\n${byTag.get(a)!.join('\n')}`),
    '</body></html>',
  ].join('\n');
}
