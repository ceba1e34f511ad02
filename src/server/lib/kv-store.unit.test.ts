import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore, type KeyValueStore } from './kv-store';

let clock: number;
let store: KeyValueStore;
beforeEach(() => {
  clock = 1_700_000_000_000;
  store = createMemoryStore(() => clock);
});
afterEach(() => store.close());

const advance = (seconds: number) => {
  clock += seconds * 1000;
};

describe('memory key-value store', () => {
  it('keeps a value until its time to live has passed', async () => {
    await store.set('session:a', 'one', 60);
    advance(59);
    expect(await store.get('session:a')).toBe('one');
    expect(await store.ttl('session:a')).toBe(1);
    advance(1);
    expect(await store.get('session:a')).toBeNull();
    expect(await store.ttl('session:a')).toBe(0);
  });

  it('keeps a value without a time to live forever and says so with ttl -1', async () => {
    await store.set('forever', 'x');
    advance(365 * 24 * 3600);
    expect(await store.get('forever')).toBe('x');
    expect(await store.ttl('forever')).toBe(-1);
  });

  it('counts from 1, and later increments keep the time to live of the first', async () => {
    expect(await store.increment('hits', 60)).toBe(1);
    advance(40);
    expect(await store.increment('hits', 60)).toBe(2);
    expect(await store.increment('hits', 600)).toBe(3);
    expect(await store.ttl('hits')).toBe(20);
    advance(20);
    expect(await store.get('hits')).toBeNull();
    expect(await store.increment('hits', 60)).toBe(1);
    expect(await store.ttl('hits')).toBe(60);
  });

  it('getAndDelete returns the value once', async () => {
    await store.set('token', 'abc', 30);
    expect(await store.getAndDelete('token')).toBe('abc');
    expect(await store.getAndDelete('token')).toBeNull();
    expect(await store.get('token')).toBeNull();
  });

  it('getAndDelete does not return an expired value', async () => {
    await store.set('token', 'abc', 30);
    advance(31);
    expect(await store.getAndDelete('token')).toBeNull();
  });

  it('delete removes a key and set replaces a value and its time to live', async () => {
    await store.set('k', 'v1', 10);
    await store.set('k', 'v2');
    advance(20);
    expect(await store.get('k')).toBe('v2');
    await store.delete('k');
    expect(await store.get('k')).toBeNull();
    expect(await store.ping()).toBe(true);
  });
});
