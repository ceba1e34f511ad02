import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The picture of docs/ARCHITECTURE.md ("Layers and who depends on whom"): a Mermaid flowchart whose
 * subgraphs are the layers, top to bottom, and whose arrows are the imports between the server's
 * parts, computed from the code. `src/server/architecture-picture.unit.test.ts` fails when the code
 * and the picture disagree; `npx tsx scripts/architecture-picture.ts` draws the arrows again from the
 * code (the layers stay as written; a part the picture does not place yet goes to the layer
 * `DEFAULT_LAYER` names, or to `unplaced_layer`).
 *
 * A part is a folder: `src/server/modules/<m>` is `<m>`, any other folder of `src/server` (flows, surfaces,
 * ops, http, db, lib, config, cli, …) is itself, and the files at the top of `src/server` (services.ts, main.ts, …) are `app`. Tests, test
 * fixtures and `src/server/test` are left out. Every import counts, `import type` too.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOC = 'docs/ARCHITECTURE.md';
const SERVER = 'src/server';

/** The layer whose parts may use every layer below: their arrows are not drawn. */
export const ENTRY_LAYER = 'entry_layer';
/** The layer any part may use: arrows into it are not drawn. */
export const INFRASTRUCTURE_LAYER = 'infrastructure_layer';
/** Where a part the picture does not name yet goes when the picture is drawn again. */
const DEFAULT_LAYER: Record<string, string> = {
  app: ENTRY_LAYER,
  http: ENTRY_LAYER,
  cli: ENTRY_LAYER,
  ops: ENTRY_LAYER,
  surfaces: 'surfaces_layer',
  flows: 'flows_layer',
  identity: 'identity_layer',
  users: 'identity_layer',
  sessions: 'identity_layer',
  accounts: 'identity_layer',
  checkout: 'buying_layer',
  placement: 'buying_layer',
  fulfilment: 'buying_layer',
  returns: 'buying_layer',
  refunds: 'buying_layer',
};
/** Layers the picture gets when their first part appears: their title, and the layers they go below (the first found). */
const LAYERS_TO_COME: Record<string, { title: string; below: string[] }> = {
  surfaces_layer: { title: 'Surfaces: pages that read several modules', below: [ENTRY_LAYER] },
  flows_layer: { title: 'Flows: operations that write the tables of several modules', below: ['surfaces_layer', ENTRY_LAYER] },
};
const UNPLACED: Layer = { id: 'unplaced_layer', title: 'Not placed yet: move each to its layer', parts: [] };

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.posix.join(dir, name);
    return statSync(path.join(ROOT, rel)).isDirectory() ? filesUnder(rel) : [rel];
  });
}

/** The part a file of src/server belongs to (see the file's comment), or null for tests. */
export function partOf(file: string): string | null {
  const rel = path.posix.relative(SERVER, file).split('/');
  if (rel[0] === '..' || rel[0] === 'test') return null;
  if (rel.length === 1) return 'app';
  if (rel[0] === 'modules') return rel[1]!;
  return rel[0]!;
}

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.(test|fixtures)\.tsx?$|\.d\.ts$/.test(file);

/** Every part of the server: one per folder (see `partOf`), whether or not it imports anything. */
export function partsOfCode(): string[] {
  const parts = new Set<string>();
  for (const file of filesUnder(SERVER).filter(isSource)) {
    const part = partOf(file);
    if (part) parts.add(part);
  }
  return [...parts].sort();
}

/** Each import from one part into another, as "from -> to", with the first file that makes it. */
export function importsOfCode(): Map<string, string> {
  const edges = new Map<string, string>();
  for (const file of filesUnder(SERVER).filter(isSource)) {
    const from = partOf(file);
    if (!from) continue;
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, specifier] of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)) {
      let target: string;
      if (specifier!.startsWith('.')) target = path.posix.join(path.posix.dirname(file), specifier!);
      else if (specifier!.startsWith('~/server/')) target = `src/${specifier!.slice(2)}`;
      else continue;
      const to = partOf(target.endsWith('.ts') ? target : `${target}.ts`);
      if (to && to !== from && !edges.has(`${from} -> ${to}`)) edges.set(`${from} -> ${to}`, file);
    }
  }
  return edges;
}

export interface Layer {
  id: string;
  title: string;
  parts: string[];
}

export interface Arrow {
  from: string;
  to: string;
  /** Drawn `-.->`: the part depends on one in a layer above its own. */
  upward: boolean;
}

export interface Picture {
  layers: Layer[];
  arrows: Arrow[];
}

const FENCE = /```mermaid\n([\s\S]*?)```/;

/** The picture in the Mermaid block of the document (the first one). */
export function readPicture(markdown: string): Picture {
  const block = FENCE.exec(markdown)?.[1];
  if (block === undefined) throw new Error(`${DOC} has no \`\`\`mermaid block`);
  const layers: Layer[] = [];
  const arrows: Arrow[] = [];
  let open: Layer | null = null;
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    const subgraph = /^subgraph\s+([\w-]+)\s*\["?(.*?)"?\]$/.exec(line);
    const arrow = /^([\w-]+)\s+(-->|-\.->)\s+([\w-]+)$/.exec(line);
    if (subgraph) layers.push((open = { id: subgraph[1]!, title: subgraph[2]!, parts: [] }));
    else if (line === 'end') open = null;
    else if (arrow) arrows.push({ from: arrow[1]!, to: arrow[3]!, upward: arrow[2] === '-.->' });
    else if (open && /^[\w-]+$/.test(line)) open.parts.push(line);
  }
  return { layers, arrows };
}

/** The arrows the picture must hold: every import but those out of the entry layer and those into infrastructure. */
export function arrowsOf(layers: Layer[], imports: Iterable<string>): Arrow[] {
  const rank = new Map(layers.flatMap((l, i) => l.parts.map((p) => [p, { i, id: l.id }] as const)));
  const arrows: Arrow[] = [];
  for (const edge of imports) {
    const [from, to] = edge.split(' -> ') as [string, string];
    const a = rank.get(from);
    const b = rank.get(to);
    if (a?.id === ENTRY_LAYER || b?.id === INFRASTRUCTURE_LAYER) continue;
    arrows.push({ from, to, upward: a !== undefined && b !== undefined && b.i < a.i });
  }
  return arrows.sort((x, y) => x.from.localeCompare(y.from) || x.to.localeCompare(y.to));
}

const drawn = (a: Arrow) => `${a.from} ${a.upward ? '-.->' : '-->'} ${a.to}`;

/** What to change in the picture for it to show the code: one sentence per difference. */
export function differences(picture: Picture, parts: string[], imports: Map<string, string>): string[] {
  const placed = picture.layers.flatMap((l) => l.parts);
  const problems: string[] = [];
  for (const part of parts.filter((p) => !placed.includes(p)))
    problems.push(`The code has the part \`${part}\` (a folder of src/server) that no layer of the picture holds: add it to a layer.`);
  for (const part of placed.filter((p) => !parts.includes(p)))
    problems.push(`The picture has the part \`${part}\`, which is no longer a folder of src/server: remove it.`);
  const want = new Map(arrowsOf(picture.layers, imports.keys()).map((a) => [`${a.from} -> ${a.to}`, a]));
  const have = new Map(picture.arrows.map((a) => [`${a.from} -> ${a.to}`, a]));
  for (const [key, arrow] of want) {
    const shown = have.get(key);
    if (!shown) problems.push(`The code has the edge \`${drawn(arrow)}\` (${imports.get(key)}) that the picture lacks: add it.`);
    else if (shown.upward !== arrow.upward)
      problems.push(
        `Draw \`${drawn(arrow)}\`, not \`${drawn(shown)}\`: ${arrow.upward ? 'it goes up a layer' : 'it does not go up a layer'}.`,
      );
  }
  for (const [key, arrow] of have)
    if (!want.has(key)) problems.push(`The picture has the edge \`${drawn(arrow)}\` that the code lacks: remove it.`);
  return problems;
}

/** The picture drawn again: the layers as written (new parts placed, gone ones dropped), the arrows from the code. */
export function redraw(picture: Picture, parts: string[], imports: Map<string, string>): string {
  const layers = picture.layers.map((l) => ({ ...l, parts: l.parts.filter((p) => parts.includes(p)) }));
  const placed = new Set(layers.flatMap((l) => l.parts));
  for (const part of parts.filter((p) => !placed.has(p))) {
    const home = DEFAULT_LAYER[part] ?? UNPLACED.id;
    let layer = layers.find((l) => l.id === home);
    if (!layer) {
      const coming = LAYERS_TO_COME[home];
      const above = coming?.below.map((id) => layers.findIndex((l) => l.id === id)).find((i) => i >= 0);
      layer = coming ? { id: home, title: coming.title, parts: [] } : { ...UNPLACED, parts: [] };
      layers.splice(above !== undefined ? above + 1 : layers.length - 1, 0, layer);
    }
    layer.parts.push(part);
  }
  const lines = ['flowchart TB'];
  // An empty subgraph is not drawn: Mermaid renderers differ on them.
  for (const l of layers.filter((x) => x.parts.length > 0))
    lines.push(`  subgraph ${l.id} ["${l.title}"]`, ...l.parts.map((p) => `    ${p}`), '  end');
  lines.push(...arrowsOf(layers, imports.keys()).map((a) => `  ${drawn(a)}`));
  return `${lines.join('\n')}\n`;
}

/** Rewrites the Mermaid block of docs/ARCHITECTURE.md from the code; returns what changed. */
export function updatePicture(): string[] {
  const file = path.join(ROOT, DOC);
  const markdown = readFileSync(file, 'utf8');
  const parts = partsOfCode();
  const imports = importsOfCode();
  const problems = differences(readPicture(markdown), parts, imports);
  const block = redraw(readPicture(markdown), parts, imports);
  writeFileSync(
    file,
    markdown.replace(FENCE, () => `\`\`\`mermaid\n${block}\`\`\``),
  );
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const changed = updatePicture();
  process.stdout.write(
    changed.length ? `${DOC}: the picture is drawn again.\n${changed.join('\n')}\n` : `${DOC}: the picture already shows the code.\n`,
  );
}
