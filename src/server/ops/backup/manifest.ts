import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * A backup is a folder (decision 30):
 *   manifest.json            this file's shape: what was copied, from where, at which migration
 *   tables/NNNN.copy.gz      one table each, PostgreSQL's COPY text format, gzipped
 *   media/<key>              the pictures' masters, by media key
 *   auth-secret              DATA_DIR/auth-secret, when the shop made its own (two-step keys are encrypted with it)
 */
export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
export const MEDIA_FOLDER = 'media';
export const AUTH_SECRET_FILE = 'auth-secret';

const tableSchema = z.object({
  schema: z.string().min(1),
  name: z.string().min(1),
  columns: z.array(z.string().min(1)),
  /** Relative to the backup folder. */
  file: z.string().regex(/^tables\/\d{4}\.copy\.gz$/),
  rows: z.number().int().min(0),
  /** Of the COPY text, before compression. */
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  shopVersion: z.string(),
  source: z.object({
    kind: z.enum(['embedded', 'url']),
    /** PostgreSQL's `server_version`. */
    serverVersion: z.string(),
    database: z.string(),
  }),
  migrations: z.object({ count: z.number().int().min(1), tag: z.string().min(1) }),
  tables: z.array(tableSchema),
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  media: z.object({
    driver: z.enum(['local', 's3']),
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Pictures the snapshot names that were gone from the storage when they were copied. */
    missing: z.array(z.string()),
  }),
  /** Whether the shop's own auth secret is in the backup, or came from AUTH_SECRET (then keep using the same). */
  authSecret: z.enum(['included', 'environment']),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupTable = z.infer<typeof tableSchema>;

/** Reads and checks a backup's manifest, saying plainly why a folder is not a backup. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new Error(`${path.resolve(folder)} is not a shop backup: it has no ${MANIFEST_FILE}.`, { cause: error });
    }
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is damaged: it is not JSON.`, { cause: error });
  }
  if ((raw as { format?: unknown } | null)?.format !== BACKUP_FORMAT) {
    throw new Error(
      `${file} is a backup of format ${String((raw as { format?: unknown } | null)?.format)}; this version reads format ${BACKUP_FORMAT}.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file} is damaged: ${issue.path.join('.')} ${issue.message}.`);
  }
  return parsed.data;
}
