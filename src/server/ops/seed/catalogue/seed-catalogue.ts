import { PRICING } from '~/shared/pricing';
import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../../lib/ids';
import { insertAccount } from '../../../modules/auth/accounts.repo';
import { refreshSearchLexicon } from '../../../modules/catalogue/search-lexicon';
import { buildSpecTerms } from '../../../modules/products/spec-terms';
import { renderProductImages } from '../art/product-art';
import type { Services } from '../../../services';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema/auth';
import { offers, products, productVariants } from '../../../db/schema/catalogue';
import { productImages } from '../../../db/schema/media';
import { productReviews } from '../../../db/schema/reviews';
import { vendors } from '../../../db/schema/vendors';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { DESKTOPS } from './desktops';
import { LAPTOPS } from './laptops';
import { MONITORS } from './monitors';
import { DEMO_MODELS } from './configurations';
import { originOf } from './origins';
import { averageRating, pickReviews, REVIEWERS } from './reviews';
import type { SeedProduct, SeedVendor } from './types';
import { HSN_CODES, PARCEL, variantAndOfferRows } from './variant-rows';

/** Every product of the demo catalogue, laptops first. */
export const DEMO_CATALOGUE: readonly SeedProduct[] = [...LAPTOPS, ...DESKTOPS, ...MONITORS];

const DAY_MS = 24 * 3600 * 1000;
const RENDER_CONCURRENCY = 4;

type ProductRow = typeof products.$inferInsert;
type ReviewRow = typeof productReviews.$inferInsert;
type ImageRow = typeof productImages.$inferInsert;
type VariantRow = typeof productVariants.$inferInsert;
type OfferRow = typeof offers.$inferInsert;
type VendorAccount = (typeof DEMO_ACCOUNTS)['approvedVendor' | 'shopVendor' | 'khargharVendor'];

async function vendorIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(eq(users.email, email))
    .limit(1);
  return row?.id;
}

/**
 * What the product pages disclose of the demo sellers (decision 73): legal name and customer care. Demo data
 * with the demo's numbers (the shop's own desk for its store).
 */
const DISCLOSURES: Record<string, { legalName: string; carePhone: string; careEmail: string }> = {
  [DEMO_ACCOUNTS.approvedVendor.email]: {
    legalName: 'Pune Tech Hub Pvt Ltd',
    carePhone: '+912025671122',
    careEmail: 'care@punetechhub.in',
  },
  [DEMO_ACCOUNTS.shopVendor.email]: {
    legalName: 'Sahyadri Computers Pvt Ltd',
    carePhone: '+912045678910',
    careEmail: 'care@sahyadricomputers.in',
  },
  [DEMO_ACCOUNTS.khargharVendor.email]: {
    legalName: 'Sanjay Mhatre (Kharghar Computer Mart)',
    carePhone: '+919869034512',
    careEmail: 'care@khargharcomputers.in',
  },
};

/** The vendor id of a demo vendor account, registering it (approved) when it does not exist yet. */
async function ensureVendor(services: Services, account: VendorAccount): Promise<string> {
  const id = await registeredVendor(services, account);
  const disclosure = DISCLOSURES[account.email];
  if (disclosure) await services.database.db.update(vendors).set(disclosure).where(eq(vendors.id, id));
  return id;
}

async function registeredVendor(services: Services, account: VendorAccount): Promise<string> {
  const { db } = services.database;
  const existing = await vendorIdByEmail(db, account.email);
  if (existing) return existing;
  // The demo's sellers are trusted by the shop: what they list goes on sale at once (decision 70).
  await services.vendorsService.registerVendor({ ...account, confirmPassword: account.password }, null, 'approved', { trusted: true });
  const id = await vendorIdByEmail(db, account.email);
  if (!id) throw new Error(`The demo vendor ${account.email} could not be created.`);
  return id;
}

/**
 * The user ids of the demo reviewers, by REVIEWERS index: customer accounts created in one
 * transaction. Nobody can sign in to them: they share the hash of a random password that is
 * thrown away at once (hashing twenty passwords would cost seconds of every fresh start).
 */
async function ensureReviewers(services: Services): Promise<string[]> {
  const { db } = services.database;
  const emails = REVIEWERS.map((r) => r.email);
  const existing = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const ids = new Map(existing.map((row) => [row.email, row.id]));
  const missing = REVIEWERS.filter((r) => !ids.has(r.email));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    await db.transaction(async (tx) => {
      for (const r of missing) {
        ids.set(r.email, await insertAccount(tx, { name: r.name, email: r.email, role: 'customer', passwordHash, emailVerified: true }));
      }
    });
  }
  return REVIEWERS.map((r) => {
    const id = ids.get(r.email);
    if (!id) throw new Error(`The demo reviewer ${r.email} could not be created.`);
    return id;
  });
}

/** Runs `fn` over `items` with at most `limit` calls at a time; results keep the order of `items`. */
async function mapWithLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function productRow(p: SeedProduct, id: string, vendorId: string, ratings: number[], now: number): ProductRow {
  const createdAt = new Date(now - p.listedDaysAgo * DAY_MS);
  return {
    id,
    vendorId,
    category: p.category,
    brand: p.brand,
    name: p.name,
    slug: p.key,
    sku: p.key.toUpperCase(),
    model: p.model,
    description: p.description,
    pricePaise: p.priceRupees * 100,
    mrpPaise: p.mrpRupees * 100,
    stock: p.stock,
    status: p.status ?? 'active',
    optionKeys: DEMO_MODELS[p.key]?.optionKeys ?? [],
    hsnCode: HSN_CODES[p.category],
    gstRateBp: PRICING.gstRateBp[p.category],
    ...PARCEL[p.category],
    warranty: p.warranty,
    warrantyMonths: p.warrantyMonths,
    processor: p.processor ?? null,
    processorFamily: p.processorFamily ?? null,
    ramGb: p.ramGb ?? null,
    storageGb: p.storageGb ?? null,
    storageType: p.storageType ?? null,
    graphics: p.graphics ?? null,
    operatingSystem: p.operatingSystem ?? null,
    screenSizeIn: p.screenSizeIn ?? null,
    resolution: p.resolution ?? null,
    resolutionName: p.resolutionName ?? null,
    panelType: p.panelType ?? null,
    refreshRateHz: p.refreshRateHz ?? null,
    ports: p.ports ?? null,
    extraSpecs: p.extraSpecs,
    ...(({ country, makerName, makerAddress }) => ({ originCountry: country, makerName, makerAddress }))(originOf(p)),
    specTerms: buildSpecTerms(p),
    ratingAvg: averageRating(ratings),
    ratingCount: ratings.length,
    soldCount: p.soldCount,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Renders the pictures of every product (a few at a time) into the media store; returns their rows. */
async function storeImages(services: Services, productIds: readonly string[]): Promise<ImageRow[]> {
  const perProduct = await mapWithLimit(DEMO_CATALOGUE, RENDER_CONCURRENCY, async (p, index) => {
    const productId = productIds[index]!;
    const arts = await renderProductImages({
      key: p.key,
      category: p.category,
      brand: p.brand,
      name: p.name,
      model: p.model,
      screenSizeIn: p.screenSizeIn ?? null,
    });
    const rows: ImageRow[] = [];
    for (const [position, art] of arts.entries()) {
      const { imageId: id, storageKey } = await services.mediaService.putMaster(productId, art.buffer);
      rows.push({ id, productId, position, storageKey, alt: art.alt, width: art.width, height: art.height });
    }
    return rows;
  });
  return perProduct.flat();
}

/**
 * Seeds the demo catalogue: the shop's own vendor record and Kharghar Computer Mart (Pune Tech
 * Hub is looked up, and registered too when missing), the reviewer accounts, every product with
 * its configurations and its sellers' offers (DEMO_MODELS), its reviews (ratings computed from
 * them) and, unless `withImages` is false, its rendered pictures in the media store (shared by
 * its configurations). The pictures are rendered while the accounts are created; products,
 * configurations, offers, reviews and image rows are then written in one transaction, which also
 * rebuilds the search lexicon. Expects a database without the demo products.
 */
export async function seedCatalogue(
  services: Services,
  options: { withImages?: boolean } = {},
): Promise<{ products: number; variants: number; offers: number; images: number; reviews: number }> {
  const withImages = options.withImages ?? true;
  const { db } = services.database;
  const productIds = DEMO_CATALOGUE.map(() => newId('prd'));

  const [imageRows, vendorIds, reviewerIds] = await Promise.all([
    withImages ? storeImages(services, productIds) : Promise.resolve<ImageRow[]>([]),
    Promise.all([
      ensureVendor(services, DEMO_ACCOUNTS.shopVendor),
      ensureVendor(services, DEMO_ACCOUNTS.approvedVendor),
      ensureVendor(services, DEMO_ACCOUNTS.khargharVendor),
    ]).then(([shop, puneTechHub, khargharMart]): Record<SeedVendor, string> => ({ shop, puneTechHub, khargharMart })),
    ensureReviewers(services),
  ]);

  const now = Date.now();
  const productRows: ProductRow[] = [];
  const reviewRows: ReviewRow[] = [];
  const variantRows: VariantRow[] = [];
  const offerRows: OfferRow[] = [];
  for (const [index, p] of DEMO_CATALOGUE.entries()) {
    const id = productIds[index]!;
    const picked = pickReviews(p);
    const row = productRow(
      p,
      id,
      vendorIds[p.vendor],
      picked.map((r) => r.rating),
      now,
    );
    productRows.push(row);
    const { variants, offers: productOffers } = variantAndOfferRows(p, id, vendorIds, row.createdAt!);
    variantRows.push(...variants);
    offerRows.push(...productOffers);
    for (const r of picked) {
      // Spread over the day (never before the product was listed: daysAgo < listedDaysAgo).
      const minutes = (r.reviewerIndex * 47 + r.title.length * 13) % (20 * 60);
      reviewRows.push({
        id: newId('rev'),
        productId: id,
        userId: reviewerIds[r.reviewerIndex]!,
        rating: r.rating,
        title: r.title,
        body: r.body,
        createdAt: new Date(now - r.daysAgo * DAY_MS - minutes * 60_000),
      });
    }
  }

  try {
    await db.transaction(async (tx) => {
      // The seed writes every product's configurations and offers itself (decision 70), not the upgrade's trigger.
      await tx.execute(sql`select set_config('shop.writes_variants', 'on', true)`);
      await tx.insert(products).values(productRows);
      await tx.insert(productVariants).values(variantRows);
      await tx.insert(offers).values(offerRows);
      if (reviewRows.length > 0) await tx.insert(productReviews).values(reviewRows);
      if (imageRows.length > 0) await tx.insert(productImages).values(imageRows);
      await refreshSearchLexicon(tx);
    });
  } catch (error) {
    // Nothing refers to the pictures: remove them rather than leave orphans behind.
    await services.mediaService.discardFiles(imageRows.map((row) => row.storageKey));
    throw error;
  }

  return {
    products: productRows.length,
    variants: variantRows.length,
    offers: offerRows.length,
    images: imageRows.length,
    reviews: reviewRows.length,
  };
}
