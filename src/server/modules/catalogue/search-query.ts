import { MAX_QUERY_LENGTH } from '~/shared/catalogue';

/** At most this many words of a query are searched; the rest are ignored (a documented clamp). */
export const MAX_QUERY_WORDS = 8;

/**
 * Splits what a shopper typed into search words: lower case, letters, digits and the decimal
 * point only (so SQL, HTML or tsquery syntax in the text is just ignored), at most 8 words.
 * '27" 4K monitor' -> ['27', '4k', 'monitor']; '<script>' -> ['script'].
 */
export function searchWords(q: string): string[] {
  const words = q
    .slice(0, MAX_QUERY_LENGTH)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * A tsquery text (for `to_tsquery('english', …)`) that matches every word as a prefix:
 * ['thinkp', '16gb'] -> "'thinkp':* & '16gb':*". Words only hold [a-z0-9.], so the text is always valid.
 *
 * A number also matches as the end of a hyphenated model: PostgreSQL's parser reads "C24-1800" as
 * 'c24' and the signed number '-1800', so '1800' alone would never find it
 * (['c24', '1800'] -> "'c24':* & ('1800':* | '-1800':*)").
 */
export function prefixTsQuery(words: readonly string[], operator: '&' | '|' = '&'): string {
  return words.map((w) => (/^\d[\d.]*$/.test(w) ? `('${w}':* | '-${w}':*)` : `'${w}':*`)).join(` ${operator} `);
}
