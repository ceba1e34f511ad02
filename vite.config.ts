import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';

const dist = (dir: string) => path.resolve(import.meta.dirname, 'dist', dir);

/**
 * The chunks boot.tsx imports statically: loaded before any of the app's dynamic imports can run.
 * Vite's helper adds a `<link rel="modulepreload">` for each dependency of a dynamic import, and
 * building and appending ~45 of them (most for chunks already loaded) was a third of the first long
 * task of a storefront page (docs/benchmarks.md, issue 14, sixth session). A dynamic import now
 * preloads only what is not loaded with the app itself.
 */
const loadedWithBoot = new Set<string>();
const bootClosure: Plugin = {
  name: 'shop:boot-closure',
  enforce: 'pre',
  generateBundle(_options, bundle) {
    loadedWithBoot.clear(); // a rebuild in the same process (vite build --watch) names its chunks anew
    const boot = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/web/boot.tsx'));
    const queue = boot?.type === 'chunk' ? [boot.fileName] : [];
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (loadedWithBoot.has(name)) continue;
      loadedWithBoot.add(name);
      const chunk = bundle[name];
      if (chunk?.type === 'chunk') queue.push(...chunk.imports);
    }
  },
};

// The browser's build: the app in dist/web, which the server serves.
const browserBuild: BuildEnvironmentOptions = {
  outDir: dist('web'),
  emptyOutDir: true,
  target: 'es2022',
  sourcemap: true,
  // dist/web/.vite/manifest.json: which chunks each page needs (npm run bench reports their sizes from it).
  manifest: true,
  // No inline module-preload polyfill: the CSP allows no inline scripts.
  modulePreload: {
    polyfill: false,
    resolveDependencies: (_file, deps) => (loadedWithBoot.size === 0 ? deps : deps.filter((dep) => !loadedWithBoot.has(dep))),
  },
  rolldownOptions: {
    output: {
      codeSplitting: {
        // The libraries every page starts with (React, React Router, TanStack Query, lucide's icon
        // base; not the icons), in one file: it compresses better than the handful of pieces automatic
        // splitting makes of them (3 KB less on the first page), and it changes only when they are
        // upgraded, so browsers keep it cached across releases of the shop.
        groups: [
          {
            // Vite's helper for dynamic imports, alone: the entry (main.tsx) needs only it before the
            // first frame, not the libraries (decision 29).
            name: 'preload-helper',
            test: /vite\/preload-helper/,
            priority: 2,
          },
          {
            name: 'vendor',
            test: /[\\/]node_modules[\\/]((react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|context\.mjs|Icon\.mjs|createLucideIcon\.mjs))/,
          },
          {
            // The small pieces every storefront page shows (the icons of the home page's promises and
            // rows, badges, prices, dialogs, the product picture, whether the page is hydrated) in one
            // file instead of a dozen of 0.2–0.5 KB: each chunk costs its own imports and gzip framing
            // (2.6 KB less on the home page).
            name: 'storefront',
            test: /([\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](rotate-ccw|shield-check|chevron-left|chevron-right|file-text|store|truck|star|heart)\.mjs)|([\\/]src[\\/]web[\\/](components[\\/]ui[\\/](badge|dialog)|lib[\\/](format|use-document-title|server-rendered)|components[\\/]product[\\/]product-image)\.tsx?$)/,
          },
        ],
      },
    },
  },
};

// The server renderer of the public pages (src/web/entry-server.tsx, decision 29), built with `--ssr`
// into dist/web-ssr; the libraries stay in node_modules.
const serverBuild: BuildEnvironmentOptions = {
  outDir: dist('web-ssr'),
  emptyOutDir: true,
  target: 'node20',
  sourcemap: true,
  ssr: path.resolve(import.meta.dirname, 'src/web/entry-server.tsx'),
};

/**
 * React Router's package sends every import to its development build, in production too
 * (remix-run/react-router#14102, open): its only difference from the production build beside it is
 * `ENABLE_DEV_WARNINGS`, which builds route warnings on every server render and ships their text to
 * browsers. A production build takes the production one, in both bundles (decision 43). The server
 * bundle holds it then instead of importing it from node_modules: nothing else there imports it, so
 * there is one React Router per process. Vitest and the development server keep the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') },
];

// The web app lives in src/web.
export default defineConfig(({ isSsrBuild, command, mode }) => ({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss(), bootClosure],
  resolve: {
    alias: [
      { find: '~', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' && mode === 'production' ? reactRouterProduction : []),
    ],
  },
  build: isSsrBuild ? serverBuild : browserBuild,
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/sitemap.xml': 'http://localhost:3000',
      '/robots.txt': 'http://localhost:3000',
    },
  },
}));
