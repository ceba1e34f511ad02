import type { ReturnReads } from '../orders/order-views';
import { creditNotesOf } from './credit-notes.repo';
import { attachedPhotosOf, photosForVendor } from './return-photos.repo';

/**
 * What the returns publish to the orders' pages (the order's detail, the admin's controls, the seller's
 * views): an order's credit notes and the photos sent with its return. Built before the orders' service
 * (services.ts), which the returns' service stands above (decision 67).
 */
export function createReturnReads(): ReturnReads {
  return { creditNotesOf, attachedPhotosOf, photosForVendor };
}
