import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * Hashes, counts and measures PostgreSQL COPY text as it streams past: one row per newline (COPY
 * writes the newlines inside values as `\n`). The backup writes these figures into its manifest;
 * the restore checks the file it reads against them.
 */
export function measureCopyText() {
  const hash = createHash('sha256');
  const totals = { rows: 0, bytes: 0 };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      totals.bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) totals.rows += 1;
      done(null, chunk);
    },
  });
  return { stream, totals, digest: () => hash.digest('hex') };
}
