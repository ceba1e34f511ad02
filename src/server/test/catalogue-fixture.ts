import { seedCatalogue } from '../ops/seed/catalogue/seed-catalogue';
import type { Services } from '../services';

/** The demo catalogue (vendors, 80+ products, reviews) without image files, for API tests. */
export async function seedDemoCatalogueForTests(services: Services): Promise<void> {
  await seedCatalogue(services, { withImages: false });
}
