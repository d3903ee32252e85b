/**
 * The floors of the codebase (docs/ARCHITECTURE.md, "Floors"): what each package may import. `npm test` runs
 * this check (npm run check:floors) and fails on an import that breaks
 *
 *     web ──> document ──> domain <── db <── realtime-server <── api
 *
 * (document and domain are the contract everyone shares; the servers sit on db; nothing imports api or web but
 * tests and benchmarks), on an import cycle, and on a web feature reaching into another feature's files instead
 * of its index.ts.
 */
const SERVER = '^(db|realtime-server|api)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle makes load order matter and hides which module is the lower one.',
      severity: 'error',
      from: { path: '^(domain|document|db|realtime-server|api|web)/src/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'resolvable',
      comment: 'An import that does not resolve (a package the importer does not depend on, a path its exports hide) slips past every other rule.',
      severity: 'error',
      from: { path: '^(domain|document|db|realtime-server|api|web|bench|e2e)/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'domain-is-the-floor',
      comment: 'domain is pure TypeScript with zod: it imports no package of ours.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(document|db|realtime-server|api|web|bench|e2e)/' },
    },
    {
      name: 'document-stands-on-domain',
      comment: 'The document helpers are shared by the browser and the servers: domain and Yjs only.',
      severity: 'error',
      from: { path: '^document/' },
      to: { path: '^(db|realtime-server|api|web|bench|e2e)/' },
    },
    {
      name: 'db-stands-on-domain',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^(document|realtime-server|api|web|bench|e2e)/' },
    },
    {
      name: 'realtime-below-api',
      severity: 'error',
      from: { path: '^realtime-server/' },
      to: { path: '^(api|web|bench|e2e)/' },
    },
    {
      name: 'api-never-web',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(web|bench|e2e)/' },
    },
    {
      name: 'web-never-servers',
      comment: 'The browser talks to the servers over HTTP and sockets, never by import.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: SERVER },
    },
    {
      name: 'web-feature-through-index',
      comment: "A feature uses another feature through that feature's index.ts, its public surface.",
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/(gantt|grid)/' },
      to: { path: '^web/src/features/[^/]+/', pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index[.]tsx?$'] },
    },
    {
      name: 'web-chart-and-grid-through-index',
      comment:
        "The task grid (issue 39) is the chart's list: its cells are the chart's rows and its writes the chart's connection, so the two use each other's parts; any other feature, through its index.ts.",
      severity: 'error',
      from: { path: '^web/src/features/(gantt|grid)/' },
      to: { path: '^web/src/features/[^/]+/', pathNot: ['^web/src/features/(gantt|grid)/', '^web/src/features/[^/]+/index[.]tsx?$'] },
    },
    {
      name: 'web-pages-through-index',
      severity: 'error',
      from: { path: '^web/src/(pages|app)/' },
      to: { path: '^web/src/features/[^/]+/', pathNot: '^web/src/features/[^/]+/index[.]tsx?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Workspace packages are symlinks in node_modules: resolve them to their folders, through package exports.
    preserveSymlinks: false,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
