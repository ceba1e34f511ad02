import type { Category } from '~/shared/constants';
import type { SeedProduct } from './types';

/**
 * Where the demo catalogue's models are made and who imports (or makes) them in India (decision 73), as the
 * Legal Metrology rules ask each product page to say. Demo data: the countries follow where each brand builds
 * these lines today, and the Indian companies are the brands' Indian arms with their registered cities.
 */
export interface SeedOrigin {
  country: string;
  makerName: string;
  makerAddress: string;
}

const IMPORTERS: Record<string, Omit<SeedOrigin, 'country'>> = {
  Lenovo: {
    makerName: 'Lenovo (India) Pvt Ltd',
    makerAddress: 'Ferns Icon, Level 2, Doddenakundi Village, Marathahalli Outer Ring Road, Bengaluru, Karnataka 560037',
  },
  Apple: {
    makerName: 'Apple India Pvt Ltd',
    makerAddress: 'No. 24, 19th Floor, Concorde Tower C, UB City, Vittal Mallya Road, Bengaluru, Karnataka 560001',
  },
  Dell: {
    makerName: 'Dell International Services India Pvt Ltd',
    makerAddress: 'Divyasree Greens, Koramangala Inner Ring Road, Domlur, Bengaluru, Karnataka 560071',
  },
  HP: {
    makerName: 'HP India Sales Pvt Ltd',
    makerAddress: '24 Salarpuria Arena, Hosur Main Road, Adugodi, Bengaluru, Karnataka 560030',
  },
  ASUS: {
    makerName: 'ASUS India Pvt Ltd',
    makerAddress: '4C, Gundecha Onclave, Kherani Road, Saki Naka, Andheri East, Mumbai, Maharashtra 400072',
  },
  Acer: {
    makerName: 'Acer India Pvt Ltd',
    makerAddress: 'Embassy Heights, 6th Floor, No. 13 Magrath Road, Bengaluru, Karnataka 560025',
  },
  Samsung: {
    makerName: 'Samsung India Electronics Pvt Ltd',
    makerAddress: '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001',
  },
  LG: {
    makerName: 'LG Electronics India Ltd',
    makerAddress: 'A-24/6, Mohan Co-operative Industrial Estate, Mathura Road, New Delhi 110044',
  },
  BenQ: {
    makerName: 'BenQ India Pvt Ltd',
    makerAddress: 'Unit 1, 10th Floor, Vatika Professional Point, Sector 66, Gurugram, Haryana 122002',
  },
  MSI: {
    makerName: 'Micro-Star India Pvt Ltd',
    makerAddress: 'Unit 703, Kanakia Wall Street, Andheri-Kurla Road, Andheri East, Mumbai, Maharashtra 400093',
  },
  Gigabyte: {
    makerName: 'Gigabyte Technology (India) Pvt Ltd',
    makerAddress: 'Office 1101, Vashi Infotech Park, Vashi, Navi Mumbai, Maharashtra 400703',
  },
  Microsoft: {
    makerName: 'Microsoft Corporation (India) Pvt Ltd',
    makerAddress: 'DLF Cyber City, Building 3, DLF Phase 2, Gurugram, Haryana 122002',
  },
  ViewSonic: {
    makerName: 'ViewSonic Technologies India Pvt Ltd',
    makerAddress: 'Unit 406, Solitaire Corporate Park, Andheri East, Mumbai, Maharashtra 400093',
  },
  Zebronics: {
    makerName: 'Zebronics India Pvt Ltd',
    makerAddress: 'No. 13/7, Second Main Road, Ambattur Industrial Estate, Chennai, Tamil Nadu 600058',
  },
};

/** Where each brand's lines of a category are made (the default: China). */
const COUNTRY: Partial<Record<string, Partial<Record<Category, string>>>> = {
  Lenovo: { Desktop: 'India' },
  Dell: { Desktop: 'India', Laptop: 'China', Monitor: 'China' },
  HP: { Laptop: 'India', Desktop: 'India' },
  Samsung: { Monitor: 'Vietnam' },
  Acer: { Desktop: 'India' },
  MSI: { Laptop: 'China' },
  BenQ: { Monitor: 'China' },
  Zebronics: { Monitor: 'India' },
};

/** The product's origin: its brand's importer, or its manufacturer in India when that line is made here. */
export function originOf(p: Pick<SeedProduct, 'brand' | 'category'>): SeedOrigin {
  const maker = IMPORTERS[p.brand];
  if (!maker) throw new Error(`No origin for the demo brand ${p.brand}: add it to origins.ts`);
  return { country: COUNTRY[p.brand]?.[p.category] ?? 'China', ...maker };
}
