import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { projectRoot } from '../lib/project-root';

/**
 * The statements a release of the shop sends to PostgreSQL, kept per release in
 * `src/server/db/release-queries/<version>.json` (decision 31). The newest file is the release that
 * runs in production while the next one is made: every migration added since must leave each of its
 * statements valid, because during a rolling upgrade that release still runs against the new schema.
 */
export const RELEASE_QUERIES_DIR = path.join(projectRoot(), 'src/server/db/release-queries');

export interface ReleaseQueries {
  /** package.json's version when the corpus was taken. */
  release: string;
  /** The newest migration of that release. */
  migration: string;
  capturedAt: string;
  /** Each statement with the types PostgreSQL gave its parameters ($1 …) when it was captured. */
  statements: { sql: string; types: string[] }[];
}

const versionParts = (file: string) => path.basename(file, '.json').split('.').map(Number);

/** The newest release's corpus, or none before the first is taken. */
export function newestReleaseQueries(dir = RELEASE_QUERIES_DIR): ReleaseQueries | undefined {
  const files = readdirSync(dir)
    .filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f))
    .sort((a, b) => {
      const [x, y] = [versionParts(a), versionParts(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
  const newest = files.at(-1);
  return newest ? (JSON.parse(readFileSync(path.join(dir, newest), 'utf8')) as ReleaseQueries) : undefined;
}

/** The statement's first keyword (`select`, `insert` …), after leading comments and parentheses. */
export function statementKind(sql: string): string {
  const text = sql.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/|\()*/, '');
  return (/^[a-z]+/i.exec(text)?.[0] ?? '').toLowerCase();
}

/** What PREPARE accepts, and what may stop working when the schema changes. Transaction control, SET … are left out. */
const PREPARABLE = new Set(['select', 'insert', 'update', 'delete', 'with', 'values', 'merge']);

/**
 * A statement without comments and with each run of white space outside quotes made one space: the
 * same statement for PostgreSQL, in fewer bytes. Quoted text ('…', E'…' with its backslashes, "…") is kept as it is.
 */
export function compactStatement(sql: string): string {
  let out = '';
  for (let i = 0; i < sql.length;) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const escapes = c === "'" && /[eE]$/.test(out) && !/\w[eE]$/.test(out);
      let j = i + 1;
      while (j < sql.length) {
        if (escapes && sql[j] === '\\') j += 2;
        else if (sql[j] === c && sql[j + 1] === c) j += 2;
        else if (sql[j] === c) break;
        else j += 1;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i += 1;
    } else if (/\s/.test(c)) {
      while (i < sql.length && /\s/.test(sql[i]!)) i += 1;
      if (!out.endsWith(' ')) out += ' ';
    } else {
      out += c;
      i += 1;
    }
  }
  return out.trim();
}

/**
 * A multi-row insert cut to its first row (`values ($1, $2), ($3, $4)` → `values ($1, $2)`), when
 * nothing after the rows takes a parameter: the same tables and columns, in a few bytes.
 */
export function firstRowOnly(sql: string): string {
  const start = /^insert\b[\s\S]*?\svalues\s*\(/i.exec(sql);
  if (!start) return sql;
  let depth = 0;
  let firstEnd = -1;
  let i = start[0].length - 1;
  for (; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'") i = sql.indexOf("'", i + 1);
    if (i < 0) return sql;
    if (c === '(') depth += 1;
    else if (c === ')' && --depth === 0) {
      if (firstEnd < 0) firstEnd = i + 1;
      if (!/^\s*,\s*\(/.test(sql.slice(i + 1))) break;
    }
  }
  const rest = sql.slice(i + 1);
  return firstEnd < 0 || /\$\d/.test(rest) ? sql : sql.slice(0, firstEnd) + rest;
}

/**
 * The statements worth keeping, one per shape: statements that differ only in how many values a
 * list or a multi-row insert carries (`in ($1, $2)` and `in ($1, $2, $3)`) are one shape, kept as
 * its shortest text.
 */
export function distinctStatements(texts: Iterable<string>): string[] {
  const byShape = new Map<string, string>();
  for (const captured of texts) {
    const text = firstRowOnly(compactStatement(captured));
    if (!PREPARABLE.has(statementKind(text))) continue;
    let shape = text.replace(/\$\d+/g, '$').replace(/\$(, \$)*/g, '$…');
    for (let before = ''; before !== shape;) {
      before = shape;
      shape = shape.replace(/(\([^()]*\))(, \1)+/g, '$1');
    }
    const kept = byShape.get(shape);
    if (kept === undefined || text.length < kept.length) byShape.set(shape, text);
  }
  return [...byShape.values()].sort();
}

export type PrepareResult = { ok: true; types: string[] } | { ok: false; code: string; message: string };

/**
 * PREPAREs a statement without running it: PostgreSQL resolves every table, column, function,
 * operator and type it names. With `types`, its parameters are given those types (as when it was
 * captured); without, PostgreSQL infers them and says which it chose.
 */
export async function prepareStatement(client: pg.ClientBase, sql: string, types?: string[]): Promise<PrepareResult> {
  const declared = types?.length ? `(${types.join(', ')})` : '';
  try {
    await client.query(`prepare release_query${declared} as ${sql}`);
    const { rows } = await client.query<{ types: string[] }>(
      `select parameter_types::text[] as types from pg_prepared_statements where name = 'release_query'`,
    );
    return { ok: true, types: rows[0]?.types ?? [] };
  } catch (error) {
    const { code = '', message } = error as { code?: string; message: string };
    return { ok: false, code, message };
  } finally {
    await client.query('deallocate all').catch(() => undefined);
  }
}
