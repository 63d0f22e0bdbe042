import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Import boundaries (routes → service → repository; modules and features independent), enforced here
// so a wrong-way import fails lint instead of growing into a tangle.
const serverModules = ['users', 'events', 'media', 'weddings', 'guests', 'whatsapp'];
// Each table has exactly one owning module: only that module's files import its schema file.
const ownedSchemas = {
  users: ['users'],
  events: ['events'],
  media: ['media'],
  weddings: ['weddings'],
  guests: ['guests'],
  whatsapp: ['whatsapp'],
};
const webFeatures = [
  'auth',
  'events',
  'album',
  'upload',
  'dashboard',
  'guests',
  'chat',
  'qr',
  'poses',
  'music',
  'marketing',
  'legal',
  'profile',
  'invitation',
  'decoration',
];

// ESLint keeps only the last options of a rule per file, so each file group gets its full pattern list.
const dbOnlyInRepositories = [
  { regex: '(^|/)db/client', message: 'Only repositories import the database.' },
  { regex: '^drizzle-orm', message: 'Only repositories build SQL.' },
];
// Test doubles and fixtures live under src/testing; the product never loads them.
const noTestingImports = [
  { regex: '(^|/)testing/', message: 'Production code must not import test helpers (src/testing).' },
];
const serverModuleRules = serverModules.flatMap((name) => {
  const common = [
    ...noTestingImports,
    {
      // Group 3 is the other module's name: only its <name>.public.ts may be imported.
      regex: `(^|/)(modules/|\\.\\./)(?!${name}/)(${serverModules.join('|')})/(?!\\3\\.public\\.ts$)`,
      message: "A module reaches another only through that module's <name>.public.ts (wired in app.ts).",
    },
    {
      regex: `(^|/)db/schema/(?!(${ownedSchemas[name].join('|')})\\.ts$)`,
      message: "A module touches only its own tables: ask the owning module's public API instead.",
    },
    { regex: '(^|/)app\\.ts$', message: 'Modules do not import the app.' },
  ];
  const dir = `apps/server/src/modules/${name}`;
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  return [
    { files: [`${dir}/**/*.ts`], ignores: ['**/*.test.ts'], rules: rule(common) },
    { files: [`${dir}/**/*.service.ts`], rules: rule([...common, ...dbOnlyInRepositories]) },
    {
      files: [`${dir}/**/*.routes.ts`],
      rules: rule([
        ...common,
        ...dbOnlyInRepositories,
        { regex: '\\.repository\\.ts$', message: 'Routes call the service, not the repository.' },
      ]),
    },
  ];
});
// Platform code (everything outside modules/ and testing/) may not load test helpers either.
const serverPlatformRules = {
  files: ['apps/server/src/**/*.ts'],
  ignores: ['**/*.test.ts', 'apps/server/src/testing/**', 'apps/server/src/modules/**'],
  rules: { 'no-restricted-imports': ['error', { patterns: noTestingImports }] },
};

const otherWebFeatures = webFeatures.map((name) => ({
  files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `features/(?!${name}/)(${webFeatures.join('|')})(/|$)`,
            message: 'A feature must not import another feature; compose them in src/app.',
          },
          { regex: '(^|/)app/', message: 'Features do not import from src/app.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    // This rule warns that React Compiler will skip memoising components that use TanStack Virtual.
    // The web app is not built with React Compiler (plain Vite + React), so it only adds noise.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'react-hooks/incompatible-library': 'off' },
  },
  {
    // An import cycle makes load order decide what a module sees at start-up; refuse it everywhere.
    // The web imports omit the `.ts`/`.tsx` extension, so the resolver is told to try them.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Without a parser for .ts/.tsx the rule cannot read an imported file and silently sees no cycle.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  serverPlatformRules,
  ...serverModuleRules,
  ...otherWebFeatures,
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|@ani/(server|web)|drizzle|fastify)',
              message: 'The contract is runtime-neutral.',
            },
          ],
        },
      ],
    },
  },
);
