import boundaries from 'eslint-plugin-boundaries';

/**
 * The import boundaries of the code (decision 12), checked by eslint-plugin-boundaries:
 *  - web: a feature never imports another feature; components/ and lib/ never import features;
 *    the web app never imports server code.
 *  - server: a module never imports another module's repo, another module's tables (db/schema
 *    files other than its own) or src/server/http; http/ uses modules only through their route
 *    plugins. Views other modules may join are in db/views (published by their owners).
 *  - a module never imports another module's service but as a type: services.ts, the flows and the
 *    surfaces wire them (decision 62).
 *  - identity at the bottom (decision 65): the auth module imports no other module but the infrastructure
 *    ones (audit, jobs, mail, health), and no other module's view.
 * `src/server/architecture.unit.test.ts` holds the same ownership to docs/ARCHITECTURE.md, including
 * table names written in SQL, which imports cannot show.
 */
const elements = [
  // Web
  { type: 'web-feature', pattern: 'src/web/features/*', partialMatch: false, capture: ['feature'] },
  { type: 'web-components', pattern: 'src/web/components', partialMatch: false },
  { type: 'web-lib', pattern: 'src/web/lib', partialMatch: false },
  { type: 'web-app', pattern: 'src/web/app', partialMatch: false },
  // Server
  { type: 'module', pattern: 'src/server/modules/*', partialMatch: false, capture: ['module'] },
  { type: 'db-schema', pattern: 'src/server/db/schema', partialMatch: false },
  { type: 'db-views', pattern: 'src/server/db/views', partialMatch: false },
  { type: 'http', pattern: 'src/server/http', partialMatch: false },
  { type: 'server', pattern: 'src/server', partialMatch: false },
  { type: 'shared', pattern: 'src/shared', partialMatch: false },
];

/** Kinds of file inside an element: a module's repos and route plugins, and each schema file's owner. */
const files = [
  { category: 'repo', pattern: 'src/server/modules/**/*.repo.ts' },
  { category: 'routes', pattern: 'src/server/modules/**/*.routes.ts' },
  { category: 'service', pattern: 'src/server/modules/**/*.service.ts' },
  { category: 'schema', pattern: 'src/server/db/schema/*.ts', capture: ['owner'] },
  { category: 'view', pattern: 'src/server/db/views/*.ts', capture: ['owner'] },
];

export const boundariesConfig = [
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/web/test/**', 'src/server/test/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' } },
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/include': ['src/**/*'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-feature', captured: { feature: '!{{ from.captured.feature }}' } } } },
              message: 'A web feature never imports another feature: lift the shared piece into components/ or lib/.',
            },
            {
              from: { element: { types: ['web-components', 'web-lib'] } },
              disallow: { to: { element: { type: 'web-feature' } } },
              message: 'components/ and lib/ never import a feature: move what they need into components/ or lib/.',
            },
            {
              from: { element: { types: ['web-feature', 'web-components', 'web-lib', 'web-app'] } },
              disallow: { to: { element: { types: ['module', 'db-schema', 'db-views', 'http', 'server'] } } },
              message: 'The web app never imports server code.',
            },
            {
              from: { element: { type: 'module' } },
              disallow: {
                to: { element: { type: 'module', captured: { module: '!{{ from.captured.module }}' } }, file: { categories: 'repo' } },
              },
              message: "A module never imports another module's repo: call its service (see docs/ARCHITECTURE.md).",
            },
            {
              from: { element: { type: 'module' } },
              disallow: { to: { file: { categories: 'schema', captured: { owner: '!{{ from.captured.module }}' } } } },
              message:
                "A module never imports another module's tables: call the owner's service or join the view it publishes in db/views.",
            },
            {
              // The built-in test gateway's tables belong to the payments module.
              from: { element: { type: 'module', captured: { module: 'payments' } } },
              allow: { to: { file: { categories: 'schema', captured: { owner: 'test-gateway' } } } },
            },
            {
              from: { element: { type: 'module', captured: { module: 'auth' } } },
              disallow: { to: { element: { type: 'module', captured: { module: '!{auth,audit,jobs,mail,health}' } } } },
              message:
                'Identity (modules/auth) is at the bottom: it imports no business module, only the infrastructure (decision 65). Let services.ts hand it what it needs, or make a flow or a surface.',
            },
            {
              from: { element: { type: 'module', captured: { module: 'auth' } } },
              disallow: { to: { file: { categories: 'view', captured: { owner: '!auth' } } } },
              message: "Identity (modules/auth) never joins another module's view: it is at the bottom (decision 65).",
            },
            {
              // Decision 62: only services.ts, the flows and the surfaces build and join services of several
              // modules. A module is handed what it uses (typed by the owner's service type) and never
              // builds or imports another module's service itself.
              from: { element: { type: 'module' } },
              disallow: {
                to: { element: { type: 'module', captured: { module: '!{{ from.captured.module }}' } }, file: { categories: 'service' } },
                dependency: { kind: 'value' },
              },
              message:
                "A module never imports another module's service (only its type): services.ts hands it what it uses, and what writes several modules' tables is a flow (src/server/flows, decision 62).",
            },
            {
              from: { element: { type: 'module' } },
              disallow: { to: { element: { type: 'http' } } },
              message: 'Modules never import src/server/http: the error type is in lib/app-error.ts, the viewer in lib/viewer.ts.',
            },
            {
              from: { element: { type: 'http' } },
              disallow: { to: { element: { type: 'module' } } },
              message: 'src/server/http uses modules only through their route plugins (and the service container).',
            },
            {
              from: { element: { type: 'http' } },
              allow: { to: { file: { categories: 'routes' } } },
            },
          ],
        },
      ],
    },
  },
];
