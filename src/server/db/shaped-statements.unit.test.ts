import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { shapedStatements } from './shaped-statements';

const dialect = new PgDialect();

/** A statement with an optional brand condition, counting how often it is written. */
function listOf() {
  let written = 0;
  const build = (withBrand: boolean) => () => {
    written += 1;
    const brand = withBrand ? sql` and p.brand = any(${sql.placeholder('brand')}::text[])` : sql``;
    return sql`select p.id from products p where p.category = ${sql.placeholder('category')}${brand} limit ${sql.placeholder('limit')}`;
  };
  return { build, written: () => written };
}

describe('statements written once per shape (decision 40)', () => {
  it('writes a shape once and fills each call with its own values, by name', () => {
    const statements = shapedStatements({ maxShapes: 10, check: false });
    const list = listOf();
    const first = statements('brand', list.build(true), { category: 'Laptop', brand: '{"Dell"}', limit: 24 });
    const second = statements('brand', list.build(true), { category: 'Monitor', brand: '{"LG","Dell"}', limit: 12 });
    expect(list.written()).toBe(1);
    expect(second.text).toBe(first.text);
    expect(first.text).toBe('select p.id from products p where p.category = $1 and p.brand = any($2::text[]) limit $3');
    expect(first.params).toEqual(['Laptop', '{"Dell"}', 24]);
    expect(second.params).toEqual(['Monitor', '{"LG","Dell"}', 12]);
  });

  it('refuses a call that leaves a value out', () => {
    const statements = shapedStatements({ maxShapes: 10, check: false });
    expect(() => statements('plain', listOf().build(false), { category: 'Laptop' })).toThrow(/No value for placeholder.*limit/);
  });

  it('finds, when checking, a shape that does not tell two statements apart', () => {
    const statements = shapedStatements({ maxShapes: 10, check: true });
    const list = listOf();
    statements('same', list.build(false), { category: 'Laptop', limit: 24 });
    expect(() => statements('same', list.build(true), { category: 'Laptop', brand: '{"HP"}', limit: 24 })).toThrow(
      'Two statements of the shape "same" differ',
    );
  });

  it('still answers past its bound, writing the rare shapes each time', () => {
    const statements = shapedStatements({ maxShapes: 1, check: false });
    const list = listOf();
    statements('one', list.build(false), { category: 'Laptop', limit: 1 });
    const other = statements('two', list.build(true), { category: 'Desktop', brand: '{"HP"}', limit: 2 });
    statements('two', list.build(true), { category: 'Desktop', brand: '{"HP"}', limit: 2 });
    expect(list.written()).toBe(3);
    expect(other.params).toEqual(['Desktop', '{"HP"}', 2]);
  });

  it('reads back as the same SQL inside a transaction, which Drizzle sends itself', () => {
    const statements = shapedStatements({ maxShapes: 10, check: false });
    const statement = statements('brand', listOf().build(true), { category: 'Laptop', brand: '{"Dell"}', limit: 24 });
    const again = dialect.sqlToQuery(statement.getSQL());
    expect(again.sql).toBe(statement.text);
    expect(again.params).toEqual(statement.params);
  });
});
