import type { Category, ProductStatus } from '~/shared/constants';
import type { SpecLine } from '../../../db/schema/catalogue';

/** Which demo vendor lists a product: the shop itself, Pune Tech Hub, or Kharghar Computer Mart. */
export type SeedVendor = 'shop' | 'puneTechHub' | 'khargharMart';

/** One product of the demo catalogue, as written in the data files. Prices are whole rupees, GST included. */
export interface SeedProduct {
  /** Unique and stable: becomes the slug, e.g. 'lenovo-thinkpad-e14-gen-5-i5-16-512'. */
  key: string;
  vendor: SeedVendor;
  category: Category;
  brand: string;
  name: string;
  model: string;
  /** Two or three short paragraphs separated by blank lines, written for an Indian buyer. */
  description: string;
  priceRupees: number;
  mrpRupees: number;
  stock: number;
  warranty: string;
  warrantyMonths: number;
  /** Laptops and desktops. */
  processor?: string;
  /** e.g. 'Intel Core i5', 'Intel Core Ultra 7', 'AMD Ryzen 7', 'Apple M3'. */
  processorFamily?: string;
  ramGb?: number;
  storageGb?: number;
  storageType?: 'SSD' | 'HDD' | 'SSD + HDD';
  graphics?: string;
  operatingSystem?: string;
  /** Laptops, all-in-one desktops and monitors. */
  screenSizeIn?: number;
  /** '1920 x 1080' */
  resolution?: string;
  /** 'HD', 'Full HD', 'WUXGA', 'QHD', 'WQXGA', '2.8K', '3K', 'WQHD', '4K UHD', '5K' … */
  resolutionName?: string;
  /** Monitors (and laptop displays where known): 'IPS', 'VA', 'TN', 'OLED', 'Mini LED'. */
  panelType?: string;
  refreshRateHz?: number;
  /** Monitors: 'HDMI 2.0 x2', 'DisplayPort 1.4', 'USB-C (65 W)', … */
  ports?: string[];
  /** The rest of the specification table: weight, battery, ports of laptops, brightness, response time, VESA, … */
  extraSpecs: SpecLine[];
  /** Units sold so far (best sellers) and how many days ago it was listed (new arrivals). */
  soldCount: number;
  listedDaysAgo: number;
  /** Defaults to 'active'; a few drafts and archived products prove that customers never see them. */
  status?: ProductStatus;
}

/** A seller's offer of one configuration (decision 70). Whole rupees, GST included, at most the configuration's MRP. */
export interface SeedOffer {
  vendor: SeedVendor;
  priceRupees: number;
  stock: number;
  dispatchDays: number;
  /** The product's warranty unless given (a refurbished unit's is the seller's). */
  warranty?: string;
  warrantyMonths?: number;
  /** A refurbished unit of this grade (A like new, B light marks, C visible wear); new when absent. */
  refurbishedGrade?: 'A' | 'B' | 'C';
}

/** The typed specifications in which a configuration may differ from the product's own. */
export type SeedSpecs = Partial<
  Pick<
    SeedProduct,
    | 'processor'
    | 'processorFamily'
    | 'ramGb'
    | 'storageGb'
    | 'storageType'
    | 'graphics'
    | 'operatingSystem'
    | 'screenSizeIn'
    | 'resolution'
    | 'resolutionName'
    | 'panelType'
    | 'refreshRateHz'
    | 'ports'
  >
>;

/** Another configuration of a model: its options, the maker's part number, its own specifications, MRP and offers. */
export interface SeedConfiguration extends SeedSpecs {
  options: Record<string, string>;
  /** The catalogue's SKU: the maker's part number. */
  sku: string;
  mrpRupees: number;
  offers: SeedOffer[];
}

/**
 * A demo product sold as a model with its configurations, or by several sellers. The product's own fields are
 * its first configuration (its variant and its seller's offer keep the product's id, decision 70).
 */
export interface SeedModel {
  /** The options its configurations differ by, in the picker's order (empty: one configuration). */
  optionKeys: string[];
  /** The options of the product's own configuration. */
  options: Record<string, string>;
  /** Other sellers' offers of the product's own configuration. */
  otherOffers?: SeedOffer[];
  configurations?: SeedConfiguration[];
}
