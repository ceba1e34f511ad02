// `npm start`: builds when the sources are newer than the last build, then runs the server.
import path from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureBuild();
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'dist/server/main.js'));
