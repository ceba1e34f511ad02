/** The typed specifications a product carries, as far as search cares. */
export interface SearchableSpecs {
  category: string;
  processor?: string | null;
  processorFamily?: string | null;
  ramGb?: number | null;
  storageGb?: number | null;
  storageType?: string | null;
  graphics?: string | null;
  operatingSystem?: string | null;
  screenSizeIn?: number | null;
  resolution?: string | null;
  resolutionName?: string | null;
  panelType?: string | null;
  refreshRateHz?: number | null;
  ports?: string[] | null;
}

function storageWords(gb: number): string[] {
  if (gb >= 1024 && gb % 1024 === 0) return [`${gb / 1024}tb`, `${gb / 1024} tb`];
  if (gb === 1000 || gb === 2000) return [`${gb / 1000}tb`, `${gb / 1000} tb`];
  return [`${gb}gb`, `${gb} gb`];
}

/**
 * The words a buyer types for specifications, so that '16gb ram', '1tb ssd', '27 inch 4k' or
 * '144hz' find the product: both the joined ('16gb') and spaced ('16 gb') forms, and synonyms.
 */
export function buildSpecTerms(specs: SearchableSpecs): string {
  const words: string[] = [specs.category.toLowerCase()];
  if (specs.category === 'Laptop') words.push('notebook');
  if (specs.category === 'Desktop') words.push('pc computer');
  if (specs.processor) words.push(specs.processor);
  if (specs.processorFamily) words.push(specs.processorFamily);
  if (specs.ramGb) words.push(`${specs.ramGb}gb ram`, `${specs.ramGb} gb memory`);
  if (specs.storageGb) words.push(...storageWords(specs.storageGb), specs.storageType ?? '', 'storage');
  if (specs.graphics) words.push(specs.graphics);
  if (specs.operatingSystem) words.push(specs.operatingSystem);
  if (specs.screenSizeIn) {
    const size = String(specs.screenSizeIn);
    words.push(`${size} inch`, `${size}inch`, `${size}in`, `${Math.round(specs.screenSizeIn)} inch`);
  }
  if (specs.resolution) words.push(specs.resolution.replace(/\s*[x×]\s*/, 'x'));
  if (specs.resolutionName) {
    words.push(specs.resolutionName);
    if (/4k/i.test(specs.resolutionName)) words.push('4k uhd ultra hd 2160p');
    if (/^(qhd|wqhd)$/i.test(specs.resolutionName)) words.push('1440p 2k');
    if (/full hd/i.test(specs.resolutionName)) words.push('fhd 1080p');
  }
  if (specs.panelType) words.push(specs.panelType);
  if (specs.refreshRateHz) words.push(`${specs.refreshRateHz}hz`, `${specs.refreshRateHz} hz`);
  if (specs.ports) words.push(...specs.ports);
  return words.filter(Boolean).join(' ');
}
