import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundariesConfig } from '../../eslint.boundaries.js';

/**
 * The import boundaries of eslint.boundaries.js, proven on scratch files: each deliberate violation
 * fails the lint with its rule, and the allowed imports beside them pass. (`npm run lint` runs the
 * same config over the tree.)
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...boundariesConfig],
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.line}: ${m.message}`);
}

describe('import boundaries (eslint.boundaries.js)', () => {
  it('refuses a web feature importing another feature, and allows its own files, components and lib', async () => {
    const found = await problems(
      'src/web/features/orders/scratch.tsx',
      [
        "import { catalogueKeys } from '~/web/features/catalogue/api/catalogue-queries';",
        "import { OrderStatusBadge } from '~/web/features/orders/components/order-status-badge';",
        "import { Button } from '~/web/components/ui/button';",
        "import { formatPaise } from '~/shared/money';",
        'export const all = [catalogueKeys, OrderStatusBadge, Button, formatPaise];',
      ].join('\n'),
    );
    expect(found).toEqual([expect.stringMatching(/^1: A web feature never imports another feature/)]);
  });

  it('refuses components/ and lib/ importing a feature', async () => {
    const code = "import { catalogueKeys } from '~/web/features/catalogue/api/catalogue-queries';\nexport const keys = catalogueKeys;";
    expect(await problems('src/web/components/layouts/scratch.tsx', code)).toEqual([expect.stringMatching(/never import a feature/)]);
    expect(await problems('src/web/lib/scratch.ts', code)).toEqual([expect.stringMatching(/never import a feature/)]);
  });

  it("refuses a server module importing another module's repo or tables, or http; allows services, views and its own", async () => {
    const found = await problems(
      'src/server/modules/reviews/scratch.ts',
      [
        "import { findOrder } from '../orders/orders.repo';",
        "import { payments } from '../../db/schema/payments';",
        "import { registerAccessControl } from '../../http/access';",
        "import { productReviews } from '../../db/schema/reviews';",
        "import { listReviews } from './reviews.repo';",
        "import type { OrdersService } from '../orders/orders.service';",
        "import { accountDirectory } from '../../db/views/auth';",
        "import { AppError } from '../../lib/app-error';",
        'export const all = [findOrder, payments, registerAccessControl, productReviews, listReviews, accountDirectory, AppError];',
        'export type S = OrdersService;',
      ].join('\n'),
    );
    expect(found).toEqual([
      expect.stringMatching(/^1: A module never imports another module's repo/),
      expect.stringMatching(/^2: A module never imports another module's tables/),
      expect.stringMatching(/^3: Modules never import src\/server\/http/),
    ]);
  });

  it("refuses a module importing another module's service as a value, and allows its type and its own", async () => {
    const found = await problems(
      'src/server/modules/orders/scratch.ts',
      [
        "import { createCouponsService } from '../coupons/coupons.service';",
        "import type { CouponsService } from '../coupons/coupons.service';",
        "import { createOrdersService } from './orders.service';",
        'export const all = [createCouponsService, createOrdersService];',
        'export type S = CouponsService;',
      ].join('\n'),
    );
    expect(found).toEqual([expect.stringMatching(/^1: A module never imports another module's service \(only its type\)/)]);
  });

  it('refuses the identity module importing a business module or its view, and allows infrastructure', async () => {
    const found = await problems(
      'src/server/modules/auth/scratch.ts',
      [
        "import type { VendorsService } from '../vendors/vendors.service';",
        "import { sellerDirectory } from '../../db/views/vendors';",
        "import type { MailService } from '../mail/mail.service';",
        "import type { AuditService } from '../audit/audit.service';",
        "import { accountDirectory } from '../../db/views/auth';",
        "import { findUserById } from './accounts.repo';",
        'export const all = [sellerDirectory, accountDirectory, findUserById];',
        'export type S = VendorsService | MailService | AuditService;',
      ].join('\n'),
    );
    expect(found).toEqual([
      expect.stringMatching(/^1: Identity \(modules\/auth\) is at the bottom/),
      expect.stringMatching(/^2: Identity \(modules\/auth\) never joins another module's view/),
    ]);
  });

  it('lets http use modules only through their route plugins', async () => {
    const found = await problems(
      'src/server/http/scratch.ts',
      [
        "import { ordersRoutes } from '../modules/orders/orders.routes';",
        "import { createOrdersService } from '../modules/orders/orders.service';",
        'export const all = [ordersRoutes, createOrdersService];',
      ].join('\n'),
    );
    expect(found).toEqual([expect.stringMatching(/^2: src\/server\/http uses modules only through their route plugins/)]);
  });

  it('refuses the web app importing server code', async () => {
    const found = await problems(
      'src/web/app/scratch.ts',
      "import { loadConfig } from '~/server/config/env';\nexport const c = loadConfig;",
    );
    expect(found.some((p) => /never imports server code/.test(p))).toBe(true);
  });
});
