import type { Crumb } from '~/shared/breadcrumbs';
import { SHOP } from '~/shared/constants';
import { DELIVERY_DAYS_IN_INDIA, deliveryWindowDays } from '~/shared/delivery';
import type { ProductDetail, Review } from '~/shared/schemas/catalogue';
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
    ...(context.reviews.length > 0 ? { review: context.reviews.map(reviewLd) } : {}),
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
