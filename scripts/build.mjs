// Builds the web app and its server renderer (Vite) and the server (esbuild) into dist/, and pre-compresses the
// web assets so the server can send .br/.gz files without compressing on every request.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

console.log('Building the web app…');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
run(process.execPath, [vite, 'build', '--logLevel', 'warn']);
// The server renderer of the public pages (decision 29): the same components, built for Node.
run(process.execPath, [vite, 'build', '--ssr', path.join(root, 'src/web/entry-server.tsx'), '--logLevel', 'warn']);

const webDir = path.join(root, 'dist/web');
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}
for (const file of files(webDir)) {
  if (!/\.(js|css|html|svg|json|txt|xml)$/.test(file) || statSync(file).size < 1024) continue;
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

console.log('Building the server…');
await build({
  entryPoints: {
    main: path.join(root, 'src/server/main.ts'),
    'cli/admin-create': path.join(root, 'src/server/cli/admin-create.ts'),
  },
  outdir: path.join(root, 'dist/server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

writeFileSync(path.join(root, 'dist/.build-stamp'), new Date().toISOString());
console.log('Build complete: dist/web and dist/server');
