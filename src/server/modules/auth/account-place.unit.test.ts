import { describe, expect, it } from 'vitest';
import { approximatePlace } from './account-place';

describe('the approximate place of a session', () => {
  it('calls loopback local and private ranges this network', async () => {
    expect(await approximatePlace('127.0.0.1')).toBe('Local');
    expect(await approximatePlace('::1')).toBe('Local');
    expect(await approximatePlace('::ffff:127.0.0.1')).toBe('Local');
    expect(await approximatePlace('192.168.1.20')).toBe('This network');
    expect(await approximatePlace('10.0.0.7')).toBe('This network');
    expect(await approximatePlace('172.20.1.1')).toBe('This network');
    expect(await approximatePlace('fd12:3456::1')).toBe('This network');
  });

  it('names the town and state of an Indian address from the data on this machine, with its last part hidden', async () => {
    // Addresses of Indian networks in the GeoLite data shipped with fast-geoip.
    expect(await approximatePlace('182.48.200.1')).toBe('Navi Mumbai, Maharashtra · 182.48.200.x');
    expect(await approximatePlace('1.38.0.1')).toBe('Delhi, Delhi · 1.38.0.x');
    expect(await approximatePlace('::ffff:106.51.0.1')).toBe('Chennai, Tamil Nadu · 106.51.0.x');
    // India without a town: the country; abroad: the country.
    expect(await approximatePlace('14.139.0.1')).toBe('India · 14.139.0.x');
    expect(await approximatePlace('172.32.1.1')).toBe('United States · 172.32.1.x');
  });

  it('hides the last part of an address it cannot place', async () => {
    expect(await approximatePlace('203.0.113.77')).toBe('203.0.113.x');
    expect(await approximatePlace('198.51.100.4')).toBe('198.51.100.x');
    expect(await approximatePlace('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:0:…');
  });

  it('says unknown when there is no address', async () => {
    expect(await approximatePlace(null)).toBe('Unknown');
    expect(await approximatePlace('not an address')).toBe('Unknown');
  });
});
