import type { Executor } from '../../db/client';
import type { MediaService } from '../media/media.service';
import { returnOpen } from '../orders/order-rules';
import type { OrderRow, OrderSteps } from '../orders/order-steps';
import { REMOVED_ON_ERASURE } from '../orders/order-timeline';
import * as photosRepo from './return-photos.repo';

/** What an erasure did with refund bank accounts and return photos, for its audit entry (decision 26). */
export interface ReturnDataErased {
  refundAccountsRemoved: number;
  returnPhotosRemoved: number;
  /** Orders whose return is still open: their account and photos stay until the refund is made. */
  ordersKeeping: number;
}

const SYSTEM = { actorRole: 'system', actorUserId: null } as const;
/** "the photo", "the 3 photos". */
const thePhotos = (n: number) => (n === 1 ? 'the photo' : `the ${n} photos`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A customer who deletes their account leaves orders the shop must keep (GST law, decision 26), but
 * two things on them were given for one purpose only: the bank account for the refund of a
 * cash-on-delivery return, and the photos sent with a return request. They go at the erasure when
 * their purpose is served (the return is refunded, or none is open), else when it is: the refund that
 * closes the return removes them in its own transaction (decision 55). Photos' rows go in the
 * transaction and their files once it commits, by the media module's job.
 */
export function createErasedCustomerData(deps: {
  /** The order's own steps: its refund account removed, its timeline, the customer's orders holding return data locked. */
  orders: Pick<OrderSteps, 'setRefundAccount' | 'hasRefundAccount' | 'timeline' | 'holdingReturnData'>;
  media: Pick<MediaService, 'discardAfterCommit'>;
  /** Whether an account was erased (the auth module's answer, read in the caller's transaction). */
  isErased: (userId: string, executor: Executor) => Promise<boolean>;
}) {
  const { orders: steps, media, isErased } = deps;
  const { timeline } = steps;

  /**
   * Removes the order's refund account (when `account`) and these photos' rows, each kind with an
   * entry on the order's timeline; their files are queued for removal once the transaction commits.
   * Photos only uploaded, never sent with a return, were the customer's alone: nobody else saw them,
   * so their removal goes unsaid.
   */
  async function remove(
    tx: Executor,
    order: OrderRow,
    what: { account: boolean; photos: readonly photosRepo.ReturnPhotoRow[] },
    when: 'erasure' | 'refund',
  ): Promise<OrderRow> {
    const after = what.account ? await steps.setRefundAccount(tx, order.id, null) : order;
    if (what.account) {
      await timeline.add(tx, {
        orderId: order.id,
        kind: REMOVED_ON_ERASURE.refundAccount,
        message:
          when === 'erasure'
            ? 'The bank account given for the refund was removed: the customer deleted their account.'
            : 'The refund is made: the bank account given for it was removed, as the customer has deleted their account.',
        ...SYSTEM,
      });
    }
    await photosRepo.deletePhotos(
      tx,
      what.photos.map((p) => p.id),
    );
    await media.discardAfterCommit(tx, what.photos);
    const sent = what.photos.filter((p) => p.attachedAt !== null).length;
    if (sent > 0) {
      const were = sent === 1 ? 'was' : 'were';
      await timeline.add(tx, {
        orderId: order.id,
        kind: REMOVED_ON_ERASURE.returnPhotos,
        message:
          when === 'erasure'
            ? `${capitalised(thePhotos(sent))} sent with the return ${were} removed: the customer deleted their account.`
            : `The return is refunded: ${thePhotos(sent)} sent with it ${were} removed, as the customer has deleted their account.`,
        ...SYSTEM,
      });
    }
    return after;
  }

  return {
    /**
     * For an account being erased, in the erasure's transaction: every order's refund account and
     * return photos go, except on an order whose return is still open (asked for or received, not
     * refunded): the shop still owes that refund, the account is where it goes, and the photos are
     * what the seller checks the parcel against. Those stay, as the order's timeline says, until the
     * refund that closes the return (`afterRefund`). Photos only uploaded for a return go at once.
     */
    async forgetOf(tx: Executor, userId: string): Promise<ReturnDataErased> {
      const orders = await steps.holdingReturnData(tx, userId, await photosRepo.ordersWithPhotosOf(tx, userId));
      const all = await photosRepo.photosOfOrders(
        tx,
        orders.map((o) => o.id),
      );
      const done: ReturnDataErased = { refundAccountsRemoved: 0, returnPhotosRemoved: 0, ordersKeeping: 0 };
      for (const order of orders) {
        const photos = all.filter((p) => p.orderId === order.id);
        const account = steps.hasRefundAccount(order);
        if (!returnOpen(order)) {
          await remove(tx, order, { account, photos }, 'erasure');
          done.refundAccountsRemoved += account ? 1 : 0;
          done.returnPhotosRemoved += photos.length;
          continue;
        }
        const sent = photos.filter((p) => p.attachedAt !== null);
        const unsent = photos.filter((p) => p.attachedAt === null);
        await remove(tx, order, { account: false, photos: unsent }, 'erasure');
        done.returnPhotosRemoved += unsent.length;
        if (!account && sent.length === 0) continue;
        done.ordersKeeping += 1;
        const kept = [
          account ? 'the bank account given for the refund' : null,
          sent.length > 0 ? `${thePhotos(sent.length)} sent with the return` : null,
        ];
        const are = (account ? 1 : 0) + sent.length > 1 ? 'are' : 'is';
        await timeline.add(tx, {
          orderId: order.id,
          kind: 'customer_erased',
          message: `The customer deleted their account. ${capitalised(kept.filter(Boolean).join(' and '))} ${are} kept until the return is refunded, then removed.`,
          ...SYSTEM,
        });
      }
      return done;
    },

    /**
     * After a refund of an order, in its transaction (`order` as the refund left it): once its return
     * is no longer open and its customer has deleted their account, the refund account and the
     * return's photos kept for it go. An order still coming back keeps them for the refund still owed.
     * Returns the order as it is now.
     */
    async afterRefund(tx: Executor, order: OrderRow): Promise<OrderRow> {
      if (returnOpen(order)) return order;
      const photos = await photosRepo.photosOfOrders(tx, [order.id]);
      const account = steps.hasRefundAccount(order);
      if (!account && photos.length === 0) return order;
      if (!(await isErased(order.userId, tx))) return order;
      return remove(tx, order, { account, photos }, 'refund');
    },
  };
}

export type ErasedCustomerData = ReturnType<typeof createErasedCustomerData>;
