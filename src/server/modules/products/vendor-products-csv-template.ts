import type { Category } from '~/shared/constants';
import { PRICING } from '~/shared/pricing';
import { CATEGORY_SPECS, DEFAULT_HSN } from '~/shared/schemas/vendor-products';
import { toCsv } from '../../lib/csv';
import { CSV_COLUMNS, SPEC_COLUMNS } from './vendor-products-csv';

/** The templates of the seller centre's CSV: a category's columns, and an example product of two configurations. */

const EXAMPLES: Record<Category, Record<string, string>> = {
  Laptop: {
    product_key: 'ideapad-slim-3-i5',
    sku: 'LAP-001-16-512',
    option1_name: 'RAM',
    option1_value: '16 GB',
    option2_name: 'Storage',
    option2_value: '512 GB SSD',
    brand: 'Lenovo',
    name: 'Lenovo IdeaPad Slim 3 Core i5 12th Gen',
    model: '83ER00EVIN',
    description: 'A light 15.6-inch laptop for office work and study, with a backlit keyboard and a Full HD screen.',
    price: '52990',
    mrp: '71990',
    stock: '10',
    warranty: '1 year manufacturer warranty',
    warranty_months: '12',
    weight_kg: '2.4',
    length_cm: '45',
    width_cm: '32',
    height_cm: '9',
    processor: 'Intel Core i5-12450H',
    processor_family: 'Intel Core i5',
    ram_gb: '16',
    storage_gb: '512',
    storage_type: 'SSD',
    graphics: 'Intel UHD Graphics',
    operating_system: 'Windows 11 Home',
    screen_size_in: '15.6',
    resolution: '1920 x 1080',
    resolution_name: 'Full HD',
    // More specifications: one "Label: value" per line of the cell.
    extra_specs: 'Battery: Up to 8 hours\nWebcam: HD 720p with privacy shutter',
    // Where it is made and who imports it (decision 73): needed for a new product put on sale.
    country_of_origin: 'China',
    manufacturer_or_importer: 'Lenovo (India) Pvt Ltd',
    manufacturer_or_importer_address: 'Ferns Icon, Outer Ring Road, Marathahalli, Bengaluru, Karnataka 560037',
  },
  Desktop: {
    product_key: 'hp-pro-tower-280-g9',
    sku: 'DSK-001-16',
    option1_name: 'RAM',
    option1_value: '16 GB',
    brand: 'HP',
    name: 'HP Pro Tower 280 G9 Core i5',
    description: 'A compact office tower with room for a second drive, three years of onsite service and Windows 11 Pro.',
    price: '58990',
    mrp: '69990',
    stock: '5',
    warranty: '3 years onsite',
    warranty_months: '36',
    weight_kg: '9.5',
    length_cm: '52',
    width_cm: '28',
    height_cm: '48',
    processor: 'Intel Core i5-12500',
    processor_family: 'Intel Core i5',
    ram_gb: '16',
    storage_gb: '512',
    storage_type: 'SSD',
    graphics: 'Intel UHD Graphics 770',
    operating_system: 'Windows 11 Pro',
    extra_specs: 'Form factor: Small tower',
    country_of_origin: 'India',
    manufacturer_or_importer: 'HP India Sales Pvt Ltd',
    manufacturer_or_importer_address: '24 Salarpuria Arena, Hosur Main Road, Adugodi, Bengaluru, Karnataka 560030',
  },
  Monitor: {
    product_key: 'dell-p-series-qhd-usb-c',
    sku: 'MON-001-27',
    option1_name: 'Screen size',
    option1_value: '27 inch',
    brand: 'Dell',
    name: 'Dell P Series QHD Monitor USB-C Hub',
    description: 'A 27-inch QHD IPS monitor with a USB-C hub that charges a laptop and carries its network over one cable.',
    price: '28990',
    mrp: '36990',
    stock: '8',
    warranty: '3 years advanced exchange',
    warranty_months: '36',
    weight_kg: '7.2',
    length_cm: '76',
    width_cm: '18',
    height_cm: '52',
    screen_size_in: '27',
    resolution: '2560 x 1440',
    resolution_name: 'QHD',
    panel_type: 'IPS',
    refresh_rate_hz: '60',
    ports: 'HDMI 1.4; DisplayPort 1.4; USB-C 90 W',
    extra_specs: 'Stand: Height adjustable with tilt and swivel',
    country_of_origin: 'China',
    manufacturer_or_importer: 'Dell International Services India Pvt Ltd',
    manufacturer_or_importer_address: 'Divyasree Greens, Domlur, Bengaluru, Karnataka 560071',
  },
};

/**
 * The template's second row: another configuration of the example's product. Only what differs is
 * written; its product's fields are left empty, as a later row of a product may (the first row's hold).
 */
const SECOND_CONFIGURATIONS: Record<Category, Record<string, string>> = {
  Laptop: {
    sku: 'LAP-001-16-1TB',
    option1_value: '16 GB',
    option2_value: '1 TB SSD',
    price: '58990',
    mrp: '79990',
    stock: '4',
    storage_gb: '1024',
  },
  Desktop: { sku: 'DSK-001-32', option1_value: '32 GB', price: '66990', mrp: '78990', stock: '3', ram_gb: '32' },
  Monitor: {
    sku: 'MON-001-24',
    option1_value: '24 inch',
    price: '21990',
    mrp: '27990',
    stock: '6',
    screen_size_in: '23.8',
    weight_kg: '5.9',
  },
};

/** Product fields a later row leaves empty in the template. */
const LEFT_TO_THE_FIRST_ROW = [
  'category',
  'brand',
  'name',
  'model',
  'description',
  'status',
  'extra_specs',
  'country_of_origin',
  'manufacturer_or_importer',
  'manufacturer_or_importer_address',
];

/**
 * A template of one category: its columns only, and the example of a product of two configurations to
 * overwrite (two rows with one product key, told apart by their options).
 */
export function templateCsv(category: Category): string {
  const specColumns = new Set(CATEGORY_SPECS[category].map(({ field }) => SPEC_COLUMNS[field]));
  const otherSpecColumns = new Set(Object.values(SPEC_COLUMNS).filter((c) => !specColumns.has(c)));
  // The export's columns without the other categories' specifications; picture_urls stays empty in the example:
  // its product is valid without pictures to fetch.
  const columns = CSV_COLUMNS.filter((c) => !otherSpecColumns.has(c));
  const example: Record<string, string> = {
    category,
    hsn_code: DEFAULT_HSN[category],
    gst_rate: String(PRICING.gstRateBp[category] / 100),
    status: 'draft',
    dispatch_days: '1',
    condition: 'new',
    ...EXAMPLES[category],
  };
  const second = { ...example, ...Object.fromEntries(LEFT_TO_THE_FIRST_ROW.map((c) => [c, ''])), ...SECOND_CONFIGURATIONS[category] };
  return toCsv([example, second], { header: true, columns });
}
