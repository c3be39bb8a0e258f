import type { RouteEntry } from '../platform/route-table';
import { multipartBody } from './requests';
import type { ExampleIds, RouteExample } from './route-examples';
import { seededRandom } from '../../shared/seeded-random';

// The hostile requests fuzz.test.ts sends to one route, generated from the route's example request:
// every field, query key and path parameter in turn missing, wrong-typed, oversized, deeply nested,
// with a NUL, a lone surrogate or an overflowing number; then whole bodies of the wrong shape and
// content type. Deterministic: the only random strings come from a seeded generator.

export type FuzzCase = {
  label: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** True when the route's shared schema refuses this input: the answer must be a 4xx. */
  mustRefuse: boolean;
};

/** JSON text spliced in as is (numbers and escapes JSON.stringify cannot write). */
class Raw {
  constructor(readonly text: string) {}
}
const MISSING = Symbol('missing');

const nest = (depth: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { n: v };
  return v;
};

const ALPHABET = ['a', 'Z', '0', ' ', '%', '_', "'", '"', '\\', '\n', '\t', 'é', '中', '😀', '\u202e', '\u0301', '\ufeff', '<', '>', '&', '\u0000', '\ud800'];
function randomStrings(seed: number, count: number): string[] {
  const next = seededRandom(seed).next;
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 40) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(''));
}

const FIELD_VALUES: [string, unknown][] = [
  ['missing', MISSING],
  ['null', null],
  ['true', true],
  ['-1', -1],
  ['1.5', 1.5],
  ['2147483648 (past int4)', 2147483648],
  ['9223372036854775808 (past int8)', new Raw('9223372036854775808')],
  ['1e400 (Infinity)', new Raw('1e400')],
  ['"2147483648"', '2147483648'],
  ['an empty string', ''],
  ['100,000 characters', 'x'.repeat(100_000)],
  ['a NUL', 'a\u0000b'],
  ['a lone surrogate', new Raw('"a\\ud800b"')],
  ['an array', ['x']],
  ['an object', { a: 'b' }],
  ['40-deep nesting', nest(40)],
];

/**
 * Input that reads right but is not (docs/input-rules.md "Required text", "Links", "EIN"), refused wherever its kind
 * of field is: invisible text in a field that refuses an empty string; a link that is no public https URL in a
 * field whose example is one; an EIN in another shape in an `ein` field.
 */
const INVISIBLE_VALUES: [string, string][] = [
  ['only a zero-width space', '\u200b'],
  ['only zero-width, no-break and BOM spaces', '\u200b\u00a0\ufeff\u200b'],
  ['only a right-to-left mark', '\u200f'],
  ['only a line break', '\r\n'],
  ['a bell character inside', 'ab\u0007cd'],
];
const NOT_PUBLIC_URLS = [
  'https://127.0.0.1',
  'https://10.0.0.1/x',
  'https://169.254.169.254/latest',
  'https://0x7f.0.0.1',
  'https://2130706433',
  'https://0177.0.0.1',
  'https://[::1]/',
  'https://-.-',
  'https://evil.com\\@good.com',
  'https://user@g.page/r/abc',
  'https://localhost.localdomain',
  'https://printer.local/',
  'https://g.page.internal/r/abc',
];
const NOT_EINS = ['12-3456789x', '+123456789', '1-2-3-4-5-6-7-8-9', '12\u20133456789', '123 456 789', '１２３４５６７８９'];

function lookAlikes(key: string, example: unknown, refusesEmpty: boolean): [string, unknown][] {
  if (typeof example !== 'string') return [];
  return [
    ...(refusesEmpty ? INVISIBLE_VALUES : []),
    ...(/^https:\/\//.test(example) ? NOT_PUBLIC_URLS.map((u): [string, string] => [`not a public https URL: ${u}`, u]) : []),
    ...(key === 'ein' ? NOT_EINS.map((e): [string, string] => [`not an EIN: ${e}`, e]) : []),
  ];
}

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `__raw_${raws.length - 1}__`;
    }
    return v;
  });
  return raws.reduce((acc, raw, i) => acc.replace(`"__raw_${i}__"`, raw), text ?? '');
}
const parsedOr = (text: string, fallback: unknown) => {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};
const refuses = (schema: RouteExample['bodySchema'], value: unknown) => (schema ? !schema.safeParse(value ?? {}).success : false);

function buildUrl(route: RouteEntry, params: Record<string, string>, query: string) {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => params[name] ?? 'x');
  return query ? `${path}?${query}` : path;
}
/** Percent-encodes as a browser would; a lone surrogate (which encodeURIComponent refuses) becomes %ED%A0%80-style bytes. */
const encodePart = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...v].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
};
const encodeQuery = (q: Record<string, string>) =>
  Object.entries(q)
    .map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`)
    .join('&');

export function fuzzCases(route: RouteEntry, example: RouteExample, ids: ExampleIds, seed: number): FuzzCase[] {
  const params = example.params?.(ids) ?? {};
  const encodedParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)]));
  const query = example.queries?.find((q) => Object.keys(q).length > 0) ?? {};
  const baseUrl = buildUrl(route, encodedParams, encodeQuery(query));
  const cases: FuzzCase[] = [];
  const json = { 'content-type': 'application/json' };

  // Every route: query keys it does not read, and a JSON body it does not take.
  const baseQuery = encodeQuery(query);
  for (const [label, raw] of [
    ['NUL', 'x=%00'],
    ['lone surrogate', 'x=%ED%A0%80'],
    ['bad escape', 'x=%zz'],
    ['nested keys', 'a[b][c][d]=1'],
    ['__proto__', '__proto__[admin]=1&constructor[prototype][x]=1'],
    ['a 5,000-character key', `${'k'.repeat(5000)}=1`],
  ]) {
    cases.push({ label: `extra query: ${label}`, url: buildUrl(route, encodedParams, baseQuery ? `${baseQuery}&${raw}` : raw), headers: {}, mustRefuse: false });
  }
  if (!example.body && !example.upload && route.method !== 'GET') {
    for (const [label, payload] of [
      ['a lone surrogate', '{"a":"\\ud800"}'],
      ['40-deep', toJson(nest(40))],
      ['300 KB', toJson({ pad: 'x'.repeat(300 * 1024) })],
    ]) {
      cases.push({ label: `unexpected body: ${label}`, url: baseUrl, headers: json, payload, mustRefuse: false });
    }
  }
  // Query strings: each key replaced by a hostile value, repeated, or turned into an array.
  for (const key of Object.keys(query)) {
    const others = Object.fromEntries(Object.entries(query).filter(([k]) => k !== key));
    const plain: [string, string | undefined][] = [
      ['missing', undefined],
      ['empty', ''],
      ['abc', 'abc'],
      ['-1', '-1'],
      ['0', '0'],
      ['2147483648', '2147483648'],
      ['1e400', '1e400'],
      ['5,000 characters', 'x'.repeat(5000)],
      ...randomStrings(seed + key.length, 3).map((s, i): [string, string] => [`random string ${i + 1}`, s]),
    ];
    for (const [label, value] of plain) {
      const q = value === undefined ? others : { ...others, [key]: value };
      const hasBad = value !== undefined && (value.includes('\u0000') || /[\ud800-\udfff]/.test(value));
      cases.push({ label: `query ${key}: ${label}`, url: buildUrl(route, encodedParams, encodeQuery(q)), headers: {}, mustRefuse: !hasBad && refuses(example.querySchema, q) });
    }
    for (const [label, raw] of [
      ['NUL', '%00'],
      ['lone surrogate', '%ED%A0%80'],
      ['bad escape', '%zz'],
      ['repeated', `1&${encodeURIComponent(key)}=2`],
    ]) {
      const rest = encodeQuery(others);
      cases.push({ label: `query ${key}: ${label}`, url: buildUrl(route, encodedParams, `${rest ? `${rest}&` : ''}${encodeURIComponent(key)}=${raw}`), headers: {}, mustRefuse: false });
    }
    cases.push({ label: `query ${key}: as array`, url: buildUrl(route, encodedParams, `${encodeURIComponent(key)}[]=1`), headers: {}, mustRefuse: false });
  }
  // Path parameters.
  for (const name of Object.keys(params)) {
    for (const [label, raw] of [
      ['0', '0'],
      ['-1', '-1'],
      ['2147483648', '2147483648'],
      ['20 digits', '99999999999999999999'],
      ['NUL', '%00'],
      ['lone surrogate', '%ED%A0%80'],
      ['bad escape', '%zz'],
      ['200 characters', 'x'.repeat(200)],
    ]) {
      cases.push({ label: `param ${name}: ${label}`, url: buildUrl(route, { ...encodedParams, [name]: raw }, encodeQuery(query)), headers: json, payload: example.body ? toJson(example.body(ids)) : undefined, mustRefuse: false });
    }
  }
  // JSON bodies: each field, then the whole body.
  if (example.body) {
    const body = example.body(ids) as Record<string, unknown>;
    const strings = randomStrings(seed, 1);
    for (const key of Object.keys(body)) {
      const values: [string, unknown][] = [...FIELD_VALUES, ...strings.map((s, i): [string, unknown] => [`random string ${i + 1}`, s])];
      for (const [label, value] of values) {
        const mutated = { ...body };
        if (value === MISSING) delete mutated[key];
        else mutated[key] = value;
        const payload = toJson(mutated);
        cases.push({ label: `body ${key}: ${label}`, url: baseUrl, headers: json, payload, mustRefuse: refuses(example.bodySchema, parsedOr(payload, null)) });
      }
      const refusesEmpty = typeof body[key] === 'string' && refuses(example.bodySchema, { ...body, [key]: '' });
      for (const [label, value] of lookAlikes(key, body[key], refusesEmpty)) {
        cases.push({ label: `body ${key}: ${label}`, url: baseUrl, headers: json, payload: toJson({ ...body, [key]: value }), mustRefuse: true });
      }
    }
    const wholeBodies: [string, string][] = [
      ['[]', '[]'],
      ['a string', '"just a string"'],
      ['a number', '42'],
      ['null', 'null'],
      ['broken JSON', '{"a":'],
      ['__proto__', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
      ['a NUL in a key', '{"a\\u0000":1}'],
      ['a lone surrogate in a key', '{"\\udfff":1}'],
      ['40-deep', toJson(nest(40))],
      ['5,000-deep', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['300 KB', toJson({ ...body, pad: 'x'.repeat(300 * 1024) })],
    ];
    for (const [label, payload] of wholeBodies) cases.push({ label: `body: ${label}`, url: baseUrl, headers: json, payload, mustRefuse: refuses(example.bodySchema, parsedOr(payload, null)) || label === '300 KB' });
    cases.push({ label: 'body: empty with a JSON content type', url: baseUrl, headers: json, payload: '', mustRefuse: false });
  }
  // Content types the route does not take.
  if (example.body || example.upload) {
    const valid = example.body ? toJson(example.body(ids)) : 'a=b';
    const strict = Boolean(example.bodySchema || example.upload);
    cases.push({ label: 'content type: none', url: baseUrl, headers: {}, payload: valid, mustRefuse: strict });
    cases.push({ label: 'content type: text/plain', url: baseUrl, headers: { 'content-type': 'text/plain' }, payload: valid, mustRefuse: strict });
    cases.push({ label: 'content type: text/plain with a NUL', url: baseUrl, headers: { 'content-type': 'text/plain' }, payload: 'a\u0000b', mustRefuse: true });
    cases.push({ label: 'content type: form', url: baseUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b', mustRefuse: true });
    cases.push({ label: 'content type: xml', url: baseUrl, headers: { 'content-type': 'application/xml' }, payload: '<a/>', mustRefuse: true });
    cases.push({ label: 'content type: nonsense', url: baseUrl, headers: { 'content-type': ';;;' }, payload: valid, mustRefuse: true });
    cases.push({ label: 'content type: JSON in UTF-16', url: baseUrl, headers: { 'content-type': 'application/json; charset=utf-16' }, payload: valid, mustRefuse: false });
    const notUtf8 = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xed, 0xa0, 0x80, 0xc0]), Buffer.from('"}')]);
    cases.push({ label: 'content type: JSON with bytes that are not UTF-8', url: baseUrl, headers: json, payload: notUtf8, mustRefuse: refuses(example.bodySchema, parsedOr(notUtf8.toString('utf8'), null)) });
    if (!example.upload) {
      const { payload, contentType } = multipartBody('a.csv', 'x');
      cases.push({ label: 'content type: multipart', url: baseUrl, headers: { 'content-type': contentType }, payload, mustRefuse: Boolean(example.bodySchema) });
    } else {
      cases.push({ label: 'content type: JSON', url: baseUrl, headers: json, payload: '{"csv":"a"}', mustRefuse: true });
    }
  }
  if (example.upload) cases.push(...uploadCases(example, ids, baseUrl, seed));
  return cases;
}

function uploadCases(example: RouteExample, ids: ExampleIds, url: string, seed: number): FuzzCase[] {
  const { field, fileName, content } = example.upload!;
  const csv = content(ids);
  const next = seededRandom(seed).next;
  const junk = Buffer.from(Array.from({ length: 20_000 }, () => Math.floor(next() * 256)));
  const variants: [string, string, string | Buffer, string, boolean][] = [
    ['another field name', fileName, csv, 'file', true],
    ['a NUL in the file name', 'a\u0000.csv', csv, field, true],
    ['a lone surrogate in the file name', 'a\ud800.csv', csv, field, false],
    ['a 5,000-character file name', `${'n'.repeat(5000)}.csv`, csv, field, false],
    ['an .exe', 'a.exe', csv, field, true],
    ['an empty file', fileName, '', field, true],
    ['random bytes', fileName, junk, field, true],
    ['a zip that is not a spreadsheet', 'a.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), junk]), field, true],
    ['a NUL after 8 KB', fileName, `${csv}${'Ann,ann@example.com,2025-01-02\n'.repeat(400)}N\u0000,n@example.com,2025-01-02\n`, field, true],
    ['a header only', fileName, csv.split('\n')[0], field, false],
    ['100,000 columns', fileName, `${'h,'.repeat(100_000)}\n`, field, true],
  ];
  return variants.map(([label, name, data, fieldName, mustRefuse]) => {
    const { payload, contentType } = multipartBody(name, data, fieldName);
    return { label: `upload: ${label}`, url, headers: { 'content-type': contentType }, payload, mustRefuse };
  });
}
