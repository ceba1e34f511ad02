/**
 * Serial numbers for the demo's packed units (decision 72), shaped as each brand prints them on its labels (HP's
 * 5CD…, Dell's seven-character service tags, Lenovo's PF…), so that `npm start` shows plausible ones. A counter
 * mixed by a large odd multiplier makes each one different and not a visible sequence.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

let turn = 0;

function mixed(length: number): string {
  turn += 1;
  let n = BigInt(turn) * 2_654_435_761n + 97_531n;
  let out = '';
  for (let i = 0; i < length; i++) {
    out += ALPHABET[Number(n % BigInt(ALPHABET.length))];
    n /= BigInt(ALPHABET.length);
    if (n === 0n) n = BigInt(turn) * 40_503n + BigInt(i + 1);
  }
  return out;
}

const PATTERNS: Record<string, () => string> = {
  HP: () => `5CD${mixed(7)}`,
  Dell: () => mixed(7),
  Lenovo: () => `PF${mixed(6)}`,
  ASUS: () => `R${mixed(2)}0NRK${mixed(5)}`,
  Acer: () => `NXK${mixed(11)}`,
  Apple: () => `C02${mixed(9)}`,
  MSI: () => `K23${mixed(10)}`,
  Samsung: () => `0${mixed(4)}HNA${mixed(6)}`,
  LG: () => `${mixed(3)}NTPC${mixed(5)}`,
  BenQ: () => `ET${mixed(8)}019`,
};

/** A serial as the brand prints it; other brands get their initials and ten characters. */
export function demoSerial(brand: string): string {
  const pattern = Object.entries(PATTERNS).find(([b]) => b.toLowerCase() === brand.toLowerCase())?.[1];
  return pattern
    ? pattern()
    : `${brand
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 3)
        .toUpperCase()}${mixed(10)}`;
}
