import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Rebuilds the search lexicon (the words that typo correction suggests, with how often each
 * occurs) from the names, models, brands and specification words of active products.
 * Words that no active product uses any more are removed, so a correction never leads to an
 * empty result. One statement: run it after catalogue writes, inside their transaction or after.
 */
export async function refreshSearchLexicon(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`
    with words as (
      select word, count(*)::int as frequency
      from (
        select regexp_split_to_table(
          lower(name || ' ' || coalesce(model, '') || ' ' || brand || ' ' || spec_terms || ' ' || variant_terms),
          '[^a-z0-9.]+'
        ) as word
        from products
        where status = 'active'
      ) w
      where length(word) >= 2
      group by word
    ),
    stale as (
      delete from search_lexicon l
      where not exists (select 1 from words where words.word = l.word)
    )
    insert into search_lexicon (word, frequency)
    select word, frequency from words
    on conflict (word) do update set frequency = excluded.frequency
  `);
}
