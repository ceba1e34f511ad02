const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99 in words, tens and units joined by a hyphen: Fifty-Six. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const units = n % 10;
  return units === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]!}-${ONES[units]!}`;
}

/** 1–999 in words. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]!} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number in words the Indian way: crore (1,00,00,000), lakh (1,00,000), thousand,
 * hundred. Zero is "Zero". Amounts of a hundred crore and more count crores in words too.
 */
export function numberInIndianWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Expected a whole number, got ${value}`);
  if (value === 0) return 'Zero';
  const crore = Math.floor(value / 1_00_00_000);
  const lakh = Math.floor((value % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((value % 1_00_000) / 1_000);
  const rest = value % 1_000;
  const parts: string[] = [];
  if (crore > 0) parts.push(`${numberInIndianWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * An amount of paise as an Indian invoice writes it:
 * 12345650 → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only".
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Expected a whole, non-negative number of paise, got ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rest === 0) return `Rupees ${numberInIndianWords(rupees)} Only`;
  if (rupees === 0) return `${belowHundred(rest)} Paise Only`;
  return `Rupees ${numberInIndianWords(rupees)} and ${belowHundred(rest)} Paise Only`;
}
