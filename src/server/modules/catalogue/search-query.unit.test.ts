import { describe, expect, it } from 'vitest';
import { MAX_QUERY_WORDS, prefixTsQuery, searchWords } from './search-query';

describe('searchWords', () => {
  it('keeps letters, digits and decimal points, in lower case', () => {
    expect(searchWords('ThinkPad E14 Gen-5')).toEqual(['thinkpad', 'e14', 'gen', '5']);
    expect(searchWords('27" 4K monitor')).toEqual(['27', '4k', 'monitor']);
    expect(searchWords('15.6 inch')).toEqual(['15.6', 'inch']);
  });

  it('drops SQL, HTML and tsquery syntax', () => {
    expect(searchWords("'; drop table products; --")).toEqual(['drop', 'table', 'products']);
    expect(searchWords('<script>alert(1)</script>')).toEqual(['script', 'alert', '1']);
    expect(searchWords('a & b | !c :* (')).toEqual(['a', 'b', 'c']);
    expect(searchWords('...')).toEqual([]);
  });

  it('folds accents and removes repeats, and keeps at most 8 words', () => {
    expect(searchWords('Café café')).toEqual(['cafe']);
    expect(searchWords('a b c d e f g h i j k')).toHaveLength(MAX_QUERY_WORDS);
  });
});

describe('prefixTsQuery', () => {
  it('matches every word as a prefix', () => {
    expect(prefixTsQuery(['thinkp', '16gb'])).toBe("'thinkp':* & '16gb':*");
    expect(prefixTsQuery(['dell', 'hp'], '|')).toBe("'dell':* | 'hp':*");
  });

  it('matches a number also as the end of a hyphenated model (PostgreSQL reads "C24-1800" as c24 and -1800)', () => {
    expect(prefixTsQuery(['c24', '1800'])).toBe("'c24':* & ('1800':* | '-1800':*)");
    expect(prefixTsQuery(['2.5', '4k'])).toBe("('2.5':* | '-2.5':*) & '4k':*");
  });
});
