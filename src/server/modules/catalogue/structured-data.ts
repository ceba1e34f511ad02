import type { Crumb } from '~/shared/breadcrumbs';
import { SHOP } from '~/shared/constants';
import { DELIVERY_DAYS_IN_INDIA, deliveryWindowDays } from '~/shared/delivery';
import type { ProductDetail, ProductDetailResponse, ProductOffer, Review } from '~/shared/schemas/catalogue';
import type { ShopSettings } from '~/shared/schemas/settings';

/**
 * The storefront's JSON-LD (schema.org) as Google's structured-data rules ask for it: Product with its
 * Offer (shipping and returns), Review, BreadcrumbList and Organization. Built from what the page
 * shows and from the shop's settings, so a crawler reads the same price, delivery charge, return
 * window and reviews as a shopper.
 */

/** Where the shop's logo is, in the built web app (src/web/public/logo.png: 512 × 512 PNG). */
export const LOGO_PATH = '/logo.png';

type Absolute = (path: string) => string;
const rupees = (paise: number) => (paise / 100).toFixed(2);
const days = (minValue: number, maxValue: number) => ({ '@type': 'QuantitativeValue', minValue, maxValue, unitCode: 'DAY' });

/**
 * The delivery of one unit of an offer at `pricePaise` anywhere in India: standard (free at or above the
 * settings' threshold, else the flat charge) and express, with the days checkout promises (working days
 * from the order, of which up to one before the parcel leaves the seller).
 */
export function shippingDetails(pricePaise: number, shipping: ShopSettings['shipping']) {
  const option = (label: string, paise: number, window: { minDays: number; maxDays: number }) => ({
    '@type': 'OfferShippingDetails',
    shippingLabel: label,
    shippingRate: { '@type': 'MonetaryAmount', value: rupees(paise), currency: 'INR' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IN' },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(0, 1),
      transitTime: days(window.minDays, Math.max(window.minDays, window.maxDays - 1)),
    },
  });
  const free = shipping.freeShippingAtPaise === 0 || pricePaise >= shipping.freeShippingAtPaise;
  return [
    option('Standard delivery', free ? 0 : shipping.standardPaise, DELIVERY_DAYS_IN_INDIA),
    option('Express delivery', shipping.expressPaise, deliveryWindowDays(DELIVERY_DAYS_IN_INDIA, 'express')),
  ];
}

/** The shop's return policy in India: the settings' window in days from delivery, collected free of charge; none while it is 0. */
export function returnPolicy(returnWindowDays: number) {
  if (returnWindowDays <= 0) {
    return {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'IN',
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    };
  }
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'IN',
    returnPolicyCountry: 'IN',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: returnWindowDays,
    // The courier collects the parcel from the delivery address (the returns page: "We collect the parcel free of charge").
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/FreeReturn',
  };
}

/** A review as the product page shows it: author, stars, date and text. */
export function reviewLd(review: Review) {
  return {
    '@type': 'Review',
    name: review.title,
    reviewBody: review.body,
    datePublished: review.createdAt.slice(0, 10),
    author: { '@type': 'Person', name: review.authorName.slice(0, 99) },
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  };
}

/** A page's trail (shared/breadcrumbs, the one the page shows) as a BreadcrumbList; the page itself is last. */
export function breadcrumbLd(trail: readonly Crumb[], absolute: Absolute) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  };
}

interface ProductLdContext {
  absolute: Absolute;
  imageUrl: (imageId: string) => string;
  settings: ShopSettings;
  reviews: readonly Review[];
  description: string;
}

/** An Offer at a price from a seller, with delivery and returns; out of stock when `inStock` is false. */
function offerLd(
  url: string,
  sale: { pricePaise: number; inStock: boolean; sellerName: string; refurbished?: boolean },
  settings: ShopSettings,
) {
  return {
    '@type': 'Offer',
    url,
    priceCurrency: 'INR',
    price: rupees(sale.pricePaise),
    availability: sale.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: sale.refurbished ? 'https://schema.org/RefurbishedCondition' : 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: sale.sellerName },
    shippingDetails: shippingDetails(sale.pricePaise, settings.shipping),
    hasMerchantReturnPolicy: returnPolicy(settings.returnWindowDays),
  };
}

function ratingLd(p: ProductDetail, reviews: readonly Review[]) {
  return {
    ...(p.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.ratingAvg.toFixed(1),
            reviewCount: p.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length > 0 ? { review: reviews.map(reviewLd) } : {}),
  };
}

/** The properties Google reads in `variesBy`, by the option keys sellers use; other options are listed as additionalProperty only. */
const VARIES_BY: Record<string, string> = { colour: 'https://schema.org/color', size: 'https://schema.org/size' };

/** The URL of one configuration of a product's page. */
export function variantPath(productId: string, variantId: string): string {
  return `/product/${encodeURIComponent(productId)}?variant=${encodeURIComponent(variantId)}`;
}

/**
 * A product of several configurations (decision 70): a ProductGroup with each configuration a Product in
 * `hasVariant`, its options as properties, its URL (`?variant=`) and the buy box's offer (its winner),
 * out of stock at its MRP while no seller can sell it.
 */
export function productGroupLd(page: ProductDetailResponse, context: ProductLdContext) {
  const p = page.product;
  const offerOf = (url: string, winner: ProductOffer | null, mrpPaise: number) =>
    offerLd(
      url,
      winner
        ? { pricePaise: winner.pricePaise, inStock: true, sellerName: winner.seller.name, refurbished: winner.condition === 'refurbished' }
        : { pricePaise: mrpPaise, inStock: false, sellerName: p.vendor.name },
      context.settings,
    );
  const variesBy = page.options.flatMap((o) => (VARIES_BY[o.key] ? [VARIES_BY[o.key]] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: p.name,
    productGroupID: p.id,
    url: context.absolute(`/product/${encodeURIComponent(p.id)}`),
    brand: { '@type': 'Brand', name: p.brand },
    category: p.category,
    description: context.description,
    ...(variesBy.length > 0 ? { variesBy } : {}),
    ...ratingLd(p, context.reviews),
    hasVariant: page.variants.map((v) => {
      const url = context.absolute(variantPath(p.id, v.id));
      const images = v.images.length > 0 ? v.images : p.images;
      return {
        '@type': 'Product',
        name: v.label ? `${p.name} (${v.label})` : p.name,
        sku: v.sku ?? v.id,
        mpn: p.model ?? undefined,
        inProductGroupWithID: p.id,
        url,
        image: images.map((i) => context.imageUrl(i.id)),
        additionalProperty: page.options.flatMap((o) =>
          v.options[o.key] ? [{ '@type': 'PropertyValue', name: o.label, value: v.options[o.key] }] : [],
        ),
        ...Object.fromEntries(
          page.options.flatMap((o) =>
            VARIES_BY[o.key] && v.options[o.key] ? [[o.key === 'colour' ? 'color' : o.key, v.options[o.key]]] : [],
          ),
        ),
        offers: offerOf(url, v.winner, v.mrpPaise),
      };
    }),
  };
}

/** A product for sale with its offer, as its page shows it, with the reviews on the page. */
export function productLd(
  p: ProductDetail,
  context: {
    absolute: Absolute;
    imageUrl: (imageId: string) => string;
    settings: ShopSettings;
    reviews: readonly Review[];
    description: string;
  },
) {
  const canonical = context.absolute(`/product/${encodeURIComponent(p.id)}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.id,
    mpn: p.model ?? undefined,
    brand: { '@type': 'Brand', name: p.brand },
    category: p.category,
    description: context.description,
    image: p.images.map((i) => context.imageUrl(i.id)),
    ...ratingLd(p, context.reviews),
    offers: {
      '@type': 'Offer',
      url: canonical,
      priceCurrency: 'INR',
      price: rupees(p.pricePaise),
      availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: p.vendor.name },
      shippingDetails: shippingDetails(p.pricePaise, context.settings.shipping),
      hasMerchantReturnPolicy: returnPolicy(context.settings.returnWindowDays),
    },
  };
}

/** "+91 20 4567 8910" from a number saved as "020 4567 8910" or "+91 …": the international form Google asks for. */
export function internationalPhone(phone: string): string {
  const national = phone.trim().replace(/^(\+91|0091|0)\s*/, '');
  return `+91 ${national}`;
}

/** The shop as an online store: name, address, logo, contact point and GSTIN from its settings, and its return policy. */
export function organizationLd(settings: ShopSettings, absolute: Absolute) {
  const office = SHOP.stores[0];
  const telephone = internationalPhone(settings.invoice.phone);
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    '@id': absolute('/#organization'),
    name: settings.invoice.name || SHOP.name,
    ...(settings.invoice.legalName ? { legalName: settings.invoice.legalName } : {}),
    url: absolute('/'),
    logo: absolute(LOGO_PATH),
    description: `${SHOP.tagline}: laptops, desktops and monitors with GST invoices, from ${SHOP.stores.map((s) => s.city).join(' and ')}.`,
    email: settings.invoice.email,
    telephone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.lines.join(', '),
      addressLocality: office.city,
      addressRegion: office.state,
      postalCode: office.pinCode,
      addressCountry: 'IN',
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone,
      email: settings.invoice.email,
      areaServed: 'IN',
      availableLanguage: ['English', 'Hindi', 'Marathi'],
    },
    vatID: settings.invoice.gstin,
    foundingDate: String(SHOP.tradingSince),
    sameAs: SHOP.social.map((s) => s.href),
    hasMerchantReturnPolicy: returnPolicy(settings.returnWindowDays),
  };
}
