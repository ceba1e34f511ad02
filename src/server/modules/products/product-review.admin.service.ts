import { paths } from '~/shared/paths';
import type {
  LikelyDuplicate,
  QueuedProduct,
  ReviewDecisionResponse,
  ReviewQueueQuery,
  ReviewQueueResponse,
} from '~/shared/schemas/product-review';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ResponseCache } from '../../lib/response-cache';
import type { AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { VendorsService } from '../vendors/vendors.service';
import type {
  DuplicateRow,
  MergeOfferRow,
  MergeProductRow,
  MergeVariantRow,
  ProductRecords,
  QueuedProductRow,
} from '../catalogue/product-records.service';

const NOT_FOUND = 'This product does not exist.';

/** The specification table of a product under review, as its page will show it. */
function specsOf(r: QueuedProductRow): { label: string; value: string }[] {
  const lines: [string, string | number | null][] = [
    ['Processor', r.processor],
    ['RAM', r.ram_gb === null ? null : `${r.ram_gb} GB`],
    ['Storage', r.storage_gb === null ? null : `${r.storage_gb} GB${r.storage_type ? ` ${r.storage_type}` : ''}`],
    ['Graphics', r.graphics],
    ['Operating system', r.operating_system],
    ['Screen size', r.screen_size_in === null ? null : `${Number(r.screen_size_in)} inch`],
    ['Resolution', r.resolution],
    ['Panel', r.panel_type],
    ['Refresh rate', r.refresh_rate_hz === null ? null : `${r.refresh_rate_hz} Hz`],
    ['Ports', r.ports && r.ports.length > 0 ? r.ports.join(', ') : null],
  ];
  return [
    ...lines.flatMap(([label, value]) => (value === null || value === '' ? [] : [{ label, value: String(value) }])),
    ...r.extra_specs,
  ];
}

function toDuplicate(d: DuplicateRow): LikelyDuplicate {
  return {
    id: d.id,
    name: d.name,
    brand: d.brand,
    model: d.model,
    status: d.status,
    sellerName: d.vendor_name,
    reasons: [
      ...(d.same_model ? ['same_model' as const] : []),
      ...(d.same_ean ? ['same_ean' as const] : []),
      ...(d.similarity >= 0.6 ? ['similar_name' as const] : []),
    ],
  };
}

/** Options compared whatever the order of their keys. */
const optionsKey = (options: Record<string, string>) =>
  JSON.stringify(
    Object.keys(options)
      .sort()
      .map((k) => [k, options[k]]),
  );
const keySet = (keys: readonly string[]) => [...keys].sort().join('\u0000');

/** What a merge does to the catalogue: configurations joined (by equal options) or added, and the offers they carry. */
export interface MergePlan {
  duplicate: MergeProductRow;
  kept: MergeProductRow;
  joined: { from: MergeVariantRow; to: MergeVariantRow }[];
  added: MergeVariantRow[];
  offers: MergeOfferRow[];
}

/**
 * Refuses a merge that cannot be made (decision 70): into itself, a product already merged (the duplicate: 409, a
 * second merge of it; the kept one: 422), across categories (422), a configuration whose options the kept product
 * does not have (422), or a seller offering one configuration on both (409: it keeps one offer, its own choice).
 */
export function planMerge(
  duplicateId: string,
  keptId: string,
  rows: readonly MergeProductRow[],
  found: { variants: readonly MergeVariantRow[]; offers: readonly MergeOfferRow[] },
): MergePlan {
  if (duplicateId === keptId)
    throw new AppError('UNPROCESSABLE', 'A product cannot be merged into itself.', { fields: { intoId: 'Choose another product' } });
  const duplicate = rows.find((r) => r.id === duplicateId);
  const kept = rows.find((r) => r.id === keptId);
  if (!duplicate) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (!kept) throw new AppError('NOT_FOUND', 'The product to keep does not exist.', { fields: { intoId: 'No product has this id' } });
  if (duplicate.merged_into)
    throw new AppError('CONFLICT', `${duplicate.name} was already merged into another product (${duplicate.merged_into}).`);
  if (kept.merged_into) {
    throw new AppError('UNPROCESSABLE', `${kept.name} was itself merged into another product (${kept.merged_into}): merge into that one.`, {
      fields: { intoId: 'A merged product' },
    });
  }
  if (duplicate.category !== kept.category) {
    throw new AppError(
      'UNPROCESSABLE',
      `${duplicate.name} is a ${duplicate.category.toLowerCase()} and ${kept.name} a ${kept.category.toLowerCase()}: only products of one category can be merged.`,
      {
        fields: { intoId: 'Another category' },
      },
    );
  }
  const keptVariants = new Map(found.variants.filter((v) => v.product_id === keptId).map((v) => [optionsKey(v.options), v]));
  const joined: MergePlan['joined'] = [];
  const added: MergeVariantRow[] = [];
  for (const v of found.variants.filter((x) => x.product_id === duplicateId)) {
    const match = keptVariants.get(optionsKey(v.options));
    if (match) joined.push({ from: v, to: match });
    else if (keySet(Object.keys(v.options)) === keySet(kept.option_keys)) added.push(v);
    else {
      const named =
        Object.entries(v.options)
          .map(([k, value]) => `${k} ${value}`)
          .join(', ') || 'without options';
      throw new AppError(
        'UNPROCESSABLE',
        `The configuration ${named} of ${duplicate.name} has other options than ${kept.name} (${kept.option_keys.join(', ') || 'none'}): it cannot be one of its configurations.`,
        {
          fields: { intoId: 'Other options' },
        },
      );
    }
  }
  const offers = found.offers.filter((o) => o.product_id === duplicateId);
  for (const { from, to } of joined) {
    for (const o of offers.filter((x) => x.variant_id === from.id)) {
      const both = found.offers.find(
        (k) => k.variant_id === to.id && k.vendor_id === o.vendor_id && k.condition === o.condition && k.grade === o.grade,
      );
      if (both) {
        throw new AppError(
          'CONFLICT',
          `${o.vendor_name} offers this configuration on both products. It keeps one offer: ask it to pause or end its offer on ${duplicate.name} (or end it yourself), then merge again. Nothing was merged.`,
        );
      }
    }
  }
  return { duplicate, kept, joined, added, offers };
}

/**
 * The admin's review queue of new products (decision 70) and the catalogue's side of merging duplicates. An
 * approval puts the product on sale, a rejection sends it back to draft with the reason its seller reads; each is
 * audited (`product.approve`, `product.reject`) and e-mailed to the seller in the same transaction.
 */
export function createProductReviewService(deps: {
  db: Database;
  cache: ResponseCache;
  audit: Pick<AuditService, 'record'>;
  records: ProductRecords;
  mailService: Pick<MailService, 'enqueue'>;
  sellers: Pick<VendorsService, 'contactOf'>;
  publicUrl: string;
}) {
  const { db, cache, audit, records, mailService, sellers, publicUrl } = deps;
  const repo = records.review;

  async function decide(
    id: string,
    adminId: string,
    decision: { approve: true } | { approve: false; reason: string },
  ): Promise<ReviewDecisionResponse> {
    const decided = await db.transaction(async (tx) => {
      const row = await repo.decideReview(tx, id, decision, adminId);
      if (!row) return undefined;
      const reason = decision.approve ? null : decision.reason;
      await audit.record(tx, {
        action: decision.approve ? 'product.approve' : 'product.reject',
        entityType: 'product',
        entityId: id,
        vendorId: row.vendor_id,
        summary: decision.approve ? `Approved ${row.name}: on sale now` : `Sent ${row.name} back to its seller: ${reason}`,
        before: { status: 'pending_review' },
        after: decision.approve ? { status: 'active' } : { status: 'draft', rejectionReason: reason },
      });
      const seller = await sellers.contactOf(row.vendor_id, tx);
      if (seller) {
        await mailService.enqueue(tx, {
          to: seller.email,
          toName: seller.name,
          template: 'product_review',
          data: {
            recipientName: seller.name,
            productName: row.name,
            decision: decision.approve ? 'approve' : 'reject',
            reason,
            productUrl: new URL(paths.vendorProduct(id), publicUrl).toString(),
          },
        });
      }
      return row;
    });
    if (!decided) {
      const status = await repo.statusOf(db, id);
      if (!status) throw new AppError('NOT_FOUND', NOT_FOUND);
      throw new AppError(
        'CONFLICT',
        `This product is not under review (it is ${status.replace('_', ' ')}): another admin may have decided it.`,
      );
    }
    await records.refreshSearchLexicon(db);
    await cache.invalidate();
    return { id, status: decision.approve ? 'active' : 'draft' };
  }

  return {
    /** The products under review, oldest first, each with its seller, pictures, specifications and likely duplicates. */
    async queue(query: ReviewQueueQuery): Promise<ReviewQueueResponse> {
      const rows = await repo.reviewQueue(db, query.page, query.pageSize);
      const total = rows[0]?.total ?? (query.page > 1 ? await repo.countQueue(db) : 0);
      const duplicates = await repo.likelyDuplicates(
        db,
        rows.map((r) => r.id),
      );
      const items: QueuedProduct[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        brand: r.brand,
        model: r.model,
        category: r.category,
        description: r.description,
        pricePaise: r.price_paise,
        mrpPaise: r.mrp_paise,
        stock: r.stock,
        vendor: { id: r.vendor_id, name: r.vendor_name },
        submittedAt: r.submitted_at === null ? null : new Date(r.submitted_at).toISOString(),
        images: r.images,
        specs: specsOf(r),
        eans: r.eans,
        duplicates: duplicates.filter((d) => d.of_id === r.id).map(toDuplicate),
      }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    /** How many products wait for review: the badge of the products list's "Awaiting review" tab. */
    count: async () => ({ total: await repo.countQueue(db) }),

    approve: (id: string, adminId: string) => decide(id, adminId, { approve: true }),
    reject: (id: string, adminId: string, reason: string) => decide(id, adminId, { approve: false, reason }),

    /** Likely duplicates of one product (the "Merge into…" dialog's suggestions). */
    async duplicatesOf(id: string): Promise<LikelyDuplicate[]> {
      return (await repo.likelyDuplicates(db, [id])).map(toDuplicate);
    },

    /** The catalogue's steps of a merge (the flow `merge-products` runs them in its transaction). */
    merge: {
      /** Both products read (locked in `tx`), their configurations and offers, and the plan, or the refusal. */
      async plan(executor: Executor, duplicateId: string, keptId: string, options: { lock: boolean }): Promise<MergePlan> {
        const ids = [duplicateId, keptId] as const;
        const rows = options.lock ? await records.merge.lockPair(executor, ids) : await records.merge.readPair(executor, ids);
        return planMerge(duplicateId, keptId, rows, await records.merge.variantsAndOffers(executor, ids));
      },
      /** Moves the configurations and offers as planned and archives the duplicate, `merged_into` the kept product. */
      async apply(tx: Executor, plan: MergePlan): Promise<void> {
        for (const { from, to } of plan.joined) await records.merge.moveOffers(tx, from.id, to.id, plan.kept.id);
        let position = 1000;
        for (const v of plan.added) await records.merge.moveVariant(tx, v.id, plan.kept.id, position++);
        await records.merge.markMerged(tx, plan.duplicate.id, plan.kept.id);
      },
      /** After the merge committed: the shop's cached answers and the search words. */
      async done(): Promise<void> {
        await records.refreshSearchLexicon(db);
        await cache.invalidate();
      },
    },
  };
}

export type ProductReviewService = ReturnType<typeof createProductReviewService>;
