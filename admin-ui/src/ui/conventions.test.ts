// The console's conventions, checked on every screen (docs/console.md): formats come from the kit, no raw JSON is
// shown, API calls are typed, and nothing imports a copy the kit replaced. Each hit is printed as file:line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The kit formats by hand so that nothing else has to; the generated API types are not ours to write.
const SKIPPED = [/^ui\//, /^shared\/api\//, /^shared\/format\.ts$/, /^shared\/numbers\.ts$/, /^test\//];
/** A line may opt out with this marker and a reason (`// conventions-ok: a cache key, not shown`). */
const OPT_OUT = 'conventions-ok:';

export interface Rule {
  name: string;
  pattern: RegExp;
  /** Only in these files (default: every .ts and .tsx). */
  only?: RegExp;
  /** Also matched across a call chain broken before its dot (`api\n  .get<T>(...)`): the line is read after the previous one. */
  chained?: boolean;
}

export const RULES: readonly Rule[] = [
  { name: 'formats a date or a number by hand (use the kit: formatDate, formatMoney, ...)', pattern: /\.toLocale(Date|Time)?String\(|\.toFixed\(|new Intl\./ },
  { name: 'renders raw JSON (show the fields, by label)', pattern: /JSON\.stringify\(/, only: /\.tsx$/ },
  { name: "uses 'any' (take the types from shared/api: callApi, Schema, Answer)", pattern: /:\s*any\b|\bas any\b|<any(\[\])?>/ },
  {
    name: 'imports a copy the kit replaced (import it from ui)',
    pattern: /from ['"][./]*(grid\/format|grid\/Pager|devops\/common|items\/ui)['"]|from ['"]\.\/(format|Pager)['"].*\/\/ grid/,
  },
  {
    // One data layer (issue 22): a hand-written answer type is not checked against the document and drifts from it.
    name: 'calls the untyped client with a hand type (use callApi, useApi or the dataProvider: typed by the API document)',
    pattern: /\bapi\s*\.\s*(get|post|put|delete)\s*</,
    chained: true,
  },
];

function sources(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sources(full, found);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) found.push(full);
  }
  return found;
}

/** The hits of the rules in one file's text, as 'file:line: rule'. */
export function hitsIn(file: string, text: string, rules: readonly Rule[] = RULES): string[] {
  const hits: string[] = [];
  let previous = '';
  text.split('\n').forEach((line, i) => {
    // Comments are prose ('any one of the permissions'), not code.
    const code = line
      .replace(/\/\*.*?\*\//g, '')
      .replace(/\/\/.*$/, '')
      .replace(/^\s*\/?\*.*$/, '');
    const chain = /^\s*\./.test(code) ? `${previous.trimEnd()}${code.trim()}` : code;
    previous = code;
    if (line.includes(OPT_OUT)) return;
    for (const rule of rules) {
      if (rule.only && !rule.only.test(file)) continue;
      if (rule.pattern.test(rule.chained ? chain : code)) hits.push(`${file}:${i + 1}: ${rule.name}`);
    }
  });
  return hits;
}

describe('hitsIn', () => {
  it('finds each kind of hit and honours the opt-out', () => {
    const text = [
      "const a = value.toFixed(2);",
      "<pre>{JSON.stringify(row)}</pre>",
      "const b = api.get<any>('/x');",
      "import { formatDate } from '../grid/format';",
      "const key = JSON.stringify(filters); // conventions-ok: a cache key, not shown",
      "// value.toLocaleString() in a comment is fine",
      "const c = formatMoney(v);",
      "/** The admin resources: any one of the admin permissions. */",
      " * Users: any one of them",
      "const d = await api.post<{ sheet: Sheet }>('/api/V1/CycleCount/Sheet', body);",
      "const e = api",
      "  .get<Hand>(`/api/V1/Vendor/VendorCode/${code}`);",
      "const f = await callApi('get', '/V1/Vendor/VendorCode/{code}', { path: { code } });",
      "const g = await api.post<Answer<'/V1/X', 'post'>>('/api/V1/X/', body); // conventions-ok: the spec's address ends with a slash",
      "const h = await api.post('/api/V1/Presentation/UpdateUserSettings', items);",
    ].join('\n');
    expect(hitsIn('x/Screen.tsx', text).map((h) => h.split(':').slice(0, 2).join(':'))).toEqual([
      'x/Screen.tsx:1', 'x/Screen.tsx:2', 'x/Screen.tsx:3', 'x/Screen.tsx:3', 'x/Screen.tsx:4', 'x/Screen.tsx:10', 'x/Screen.tsx:12',
    ]);
    expect(hitsIn('x/logic.ts', 'const k = JSON.stringify(a);')).toEqual([]);
  });
});

describe('console conventions', () => {
  it('no screen formats by hand, renders raw JSON, uses any, imports a replaced copy, or types an API call by hand', () => {
    const hits: string[] = [];
    for (const full of sources(SRC)) {
      const file = path.relative(SRC, full).split(path.sep).join('/');
      if (SKIPPED.some((skip) => skip.test(file))) continue;
      hits.push(...hitsIn(file, readFileSync(full, 'utf8')));
    }
    if (hits.length) console.error(`${hits.length} convention hit(s):\n${hits.join('\n')}`);
    expect(hits).toEqual([]);
  });
});
