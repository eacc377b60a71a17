/**
 * The dependency rule (README, Layout): src/core is the centre and imports no
 * other folder; the adapters (http, mcp, cli) and the store's adapters point
 * at it; no cycles anywhere. `npm test` runs it through `npm run lint:deps`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle ties modules together so neither can change alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-no-other-folder',
      severity: 'error',
      comment: 'The core is framework-free: adapters depend on it, never the other way.',
      from: { path: '^src/core/' },
      to: { path: '^src/(?!core/)' },
    },
    {
      name: 'core-never-fastify',
      severity: 'error',
      comment: 'HTTP lives in src/http; the core is used by the CLI and MCP too.',
      from: { path: '^src/core/' },
      to: { path: '(^|/)node_modules/(fastify|@fastify/|fastify-plugin)' },
    },
    {
      name: 'store-implements-core-only',
      severity: 'error',
      comment: 'A store adapter implements the core port; it knows no transport.',
      from: { path: '^src/store/' },
      to: { path: '^src/(http|mcp|cli)/' },
    },
    {
      name: 'adapters-reach-the-store-through-the-port',
      severity: 'error',
      comment: 'Routes, tools and the CLI use the core; only app.ts picks the store that implements its port.',
      from: { path: '^src/(http|mcp|cli)/' },
      to: { path: '^src/store/' },
    },
    {
      name: 'mcp-knows-no-http',
      severity: 'error',
      comment: 'MCP tools call the core; only src/http/mcp.ts mounts them on HTTP.',
      from: { path: '^src/mcp/' },
      to: { path: '^src/(http|cli)/' },
    },
    {
      name: 'cli-knows-no-server',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/(http|mcp|store)/' },
    },
    {
      name: 'web-app-speaks-only-http',
      severity: 'error',
      comment:
        'The web app is a client of the public REST API, bundled for browsers: of the server it takes only the plain setting values.',
      from: { path: '^src/web/' },
      to: { path: '^src/(?!web/|core/setting-values[.]ts$)' },
    },
    {
      name: 'the-server-never-imports-the-web-app',
      severity: 'error',
      from: { path: '^src/(?!web/)' },
      to: { path: '^src/web/' },
    },
    {
      name: 'tests-and-benchmarks-are-not-imported',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|benchmarks)/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: "native/binding.js is the addon's generated types (binding.d.ts), which the resolver does not map.",
      from: {},
      to: { couldNotResolve: true, pathNot: '^[./]*native/binding[.]js$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
