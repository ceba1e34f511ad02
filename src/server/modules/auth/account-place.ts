import { isIP } from 'node:net';
import geoip from 'fast-geoip';

/**
 * ISO 3166-2:IN subdivision codes, as the GeoLite data names them, to the state's name (old and new
 * codes both: ISO renamed Chhattisgarh, Odisha, Telangana and Uttarakhand's codes in 2023).
 */
const INDIAN_SUBDIVISIONS: Record<string, string> = {
  AN: 'Andaman and Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CH: 'Chandigarh',
  CT: 'Chhattisgarh',
  CG: 'Chhattisgarh',
  DH: 'Dadra and Nagar Haveli and Daman and Diu',
  DN: 'Dadra and Nagar Haveli and Daman and Diu',
  DD: 'Dadra and Nagar Haveli and Daman and Diu',
  DL: 'Delhi',
  GA: 'Goa',
  GJ: 'Gujarat',
  HR: 'Haryana',
  HP: 'Himachal Pradesh',
  JK: 'Jammu and Kashmir',
  JH: 'Jharkhand',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MP: 'Madhya Pradesh',
  MH: 'Maharashtra',
  MN: 'Manipur',
  ML: 'Meghalaya',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OR: 'Odisha',
  OD: 'Odisha',
  PY: 'Puducherry',
  PB: 'Punjab',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TN: 'Tamil Nadu',
  TG: 'Telangana',
  TS: 'Telangana',
  TR: 'Tripura',
  UP: 'Uttar Pradesh',
  UT: 'Uttarakhand',
  UK: 'Uttarakhand',
  WB: 'West Bengal',
};
const countries = new Intl.DisplayNames(['en-IN'], { type: 'region' });

/** A public IPv4 address's town and state (India) or country, from the GeoLite data shipped in fast-geoip. */
async function lookUp(ip: string): Promise<string | undefined> {
  try {
    const found = await geoip.lookup(ip);
    if (!found?.country) return undefined;
    if (found.country !== 'IN') return [found.city, countries.of(found.country)].filter(Boolean).join(', ') || undefined;
    return [found.city, INDIAN_SUBDIVISIONS[found.region] ?? 'India'].filter(Boolean).join(', ');
  } catch {
    return undefined; // Only a nicer label: a missing or unreadable data file leaves the masked address.
  }
}

/**
 * Where a session was signed in from (decision 26), worked out on this machine: no address is sent to
 * anyone. Loopback is "Local", private and carrier-grade ranges are "This network"; a public address is
 * shown with its last part hidden ("203.0.113.x"; IPv6: the first four groups and "…"), after the town
 * and state (or country) the GeoLite data shipped in the fast-geoip package gives for IPv4:
 * "Navi Mumbai, Maharashtra · 49.36.12.x".
 */
export async function approximatePlace(ipAddress: string | null | undefined): Promise<string> {
  if (!ipAddress) return 'Unknown';
  const ip = ipAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const kind = isIP(ip);
  if (kind === 4) {
    const [a = 0, b = 0, c = 0] = ip.split('.').map(Number);
    if (a === 127) return 'Local';
    if (
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254)
    ) {
      return 'This network';
    }
    const masked = `${a}.${b}.${c}.x`;
    // The documentation ranges (RFC 5737) belong to no place, whatever a data file says.
    const documentation = (a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113);
    const place = documentation ? undefined : await lookUp(ip);
    return place ? `${place} · ${masked}` : masked;
  }
  if (kind === 6) {
    const lower = ip.toLowerCase();
    if (lower === '::1') return 'Local';
    if (/^f[cd]/.test(lower) || /^fe[89ab]/.test(lower)) return 'This network';
    const groups = expandIpv6(lower);
    return `${groups.slice(0, 4).join(':')}:…`;
  }
  return 'Unknown';
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}
