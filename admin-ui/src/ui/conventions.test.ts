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
}

export const RULES: readonly Rule[] = [
  { name: 'formats a date or a number by hand (use the kit: formatDate, formatMoney, ...)', pattern: /\.toLocale(Date|Time)?String\(|\.toFixed\(|new Intl\./ },
  { name: 'renders raw JSON (show the fields, by label)', pattern: /JSON\.stringify\(/, only: /\.tsx$/ },
  { name: "uses 'any' (take the types from shared/api: callApi, Schema, Answer)", pattern: /:\s*any\b|\bas any\b|<any(\[\])?>/ },
  {
    name: 'imports a copy the kit replaced (import it from ui)',
    pattern: /from ['"][./]*(grid\/format|grid\/Pager|devops\/common|items\/ui)['"]|from ['"]\.\/(format|Pager)['"].*\/\/ grid/,
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
  text.split('\n').forEach((line, i) => {
    if (line.includes(OPT_OUT)) return;
    // Comments are prose ('any one of the permissions'), not code.
    const code = line
      .replace(/\/\*.*?\*\//g, '')
      .replace(/\/\/.*$/, '')
      .replace(/^\s*\/?\*.*$/, '');
    for (const rule of rules) {
      if (rule.only && !rule.only.test(file)) continue;
      if (rule.pattern.test(code)) hits.push(`${file}:${i + 1}: ${rule.name}`);
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
    ].join('\n');
    expect(hitsIn('x/Screen.tsx', text).map((h) => h.split(':').slice(0, 2).join(':'))).toEqual(['x/Screen.tsx:1', 'x/Screen.tsx:2', 'x/Screen.tsx:3', 'x/Screen.tsx:4']);
    expect(hitsIn('x/logic.ts', 'const k = JSON.stringify(a);')).toEqual([]);
  });
});

describe('console conventions', () => {
  it('no screen formats by hand, renders raw JSON, uses any, or imports a replaced copy', () => {
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
