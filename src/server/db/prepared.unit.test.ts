import { describe, expect, it } from 'vitest';
import { statementName } from './prepared';

describe('which statements are sent under a name (decision 38)', () => {
  it('names a marked statement, the same name every time its text comes again', () => {
    const text = '/* prepared product-detail */ select 1 where $1::text is not null';
    const name = statementName(text);
    expect(name).toMatch(/^product-detail-\d+$/);
    expect(statementName(text)).toBe(name);
  });

  it('gives a marked statement whose text differs a name of its own', () => {
    const one = statementName('/* prepared product-cards */ select 1 where $1::text is not null');
    const other = statementName('/* prepared product-cards */ select 2 where $1::text is not null');
    expect(one).toBeDefined();
    expect(other).toBeDefined();
    expect(other).not.toBe(one);
  });

  it('sends unmarked statements, and marks that are not at the start, unnamed', () => {
    expect(statementName('select 1 where $1::text is not null')).toBeUndefined();
    expect(statementName('select 1 /* prepared product-detail */ where $1::text is not null')).toBeUndefined();
  });

  it('stops naming new texts after 200, so varying texts cannot fill the server with statements', () => {
    const names = Array.from({ length: 250 }, (_, i) => statementName(`/* prepared many */ select ${i} where $1::text is not null`));
    expect(names.filter(Boolean).length).toBeLessThanOrEqual(200);
    expect(names.at(-1)).toBeUndefined();
    // Texts named before the bound keep their names.
    expect(statementName('/* prepared many */ select 0 where $1::text is not null')).toBe(names[0]);
  });
});
