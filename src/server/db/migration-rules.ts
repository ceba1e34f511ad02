import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationJournal, MIGRATIONS_DIR } from './migrate';

/**
 * Expand, then contract (decision 31): while the previous release still runs, a migration may only
 * add. A statement that removes, renames or narrows what that release may use is a contracting one;
 * it belongs in a later release, and says so with a `-- contract: <why it is safe now>` line above it.
 */
const RULES: { pattern: RegExp; why: string }[] = [
  { pattern: /\bdrop\s+table\b/i, why: 'drops a table' },
  { pattern: /\bdrop\s+column\b/i, why: 'drops a column' },
  { pattern: /\brename\b/i, why: 'renames a table or column' },
  { pattern: /\balter\s+column\b[^;]*?\b(set\s+data\s+)?type\b/i, why: 'changes a column’s type' },
  { pattern: /\bset\s+not\s+null\b/i, why: 'makes a column required' },
  { pattern: /\bdrop\s+(function|type|schema|sequence)\b/i, why: 'drops a function, type, schema or sequence' },
  {
    pattern: /\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i,
    why: 'adds a required column without a default (the previous release’s inserts leave it out)',
  },
];

export interface ContractingStatement {
  migration: string;
  statement: string;
  why: string;
}

/** The statements of one migration's SQL (drizzle-kit separates them with `--> statement-breakpoint`). */
function statementsOf(sql: string): string[] {
  return sql
    .split(/-->\s*statement-breakpoint|;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const VIEW_NAME = /\b(?:drop|create(?:\s+or\s+replace)?)\s+(?:materialized\s+)?view\s+(?:if\s+exists\s+)?((?:"?\w+"?\.)?"?\w+"?)/i;
const bare = (name: string) => name.replace(/"/g, '').replace(/^public\./, '');

/**
 * The contracting statements of a migration that carry no `-- contract:` line. A view dropped and
 * made again in the same migration (how drizzle-kit changes a view) is not one: the transaction
 * hides the moment it is missing.
 */
export function contractingStatements(migration: string, sql: string): ContractingStatement[] {
  const statements = statementsOf(sql);
  const created = new Set(statements.filter((s) => /\bcreate\b/i.test(s) && VIEW_NAME.test(s)).map((s) => bare(VIEW_NAME.exec(s)![1]!)));
  const found: ContractingStatement[] = [];
  for (const statement of statements) {
    if (/^\s*--\s*contract:\s*\S/im.test(statement)) continue;
    const code = statement.replace(/--[^\n]*/g, '');
    const view = /\bdrop\b/i.test(code) ? VIEW_NAME.exec(code) : null;
    if (view && !created.has(bare(view[1]!))) found.push({ migration, statement: code.trim(), why: 'drops a view' });
    const rule = RULES.find((r) => r.pattern.test(code));
    if (rule) found.push({ migration, statement: code.trim(), why: rule.why });
  }
  return found;
}

/** The contracting statements of every migration newer than `since` (the previous release's last migration). */
export function contractingSince(since: string, dir = MIGRATIONS_DIR): ContractingStatement[] {
  const journal = migrationJournal(dir);
  const from = journal.findIndex((m) => m.tag === since);
  return journal.slice(from + 1).flatMap(({ tag }) => contractingStatements(tag, readFileSync(path.join(dir, `${tag}.sql`), 'utf8')));
}
