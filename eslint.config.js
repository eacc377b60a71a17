// typescript-eslint's strict, type-aware rules over all the TypeScript in the repo.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '.venv/',
      'dist/',
      'build/',
      'native/',
      'target/',
      'coverage/',
      '.tap/',
      'benchmarks/out/',
      'benchmarks/sheets/',
      'artifacts/',
      'pack/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Counts and sizes in messages are the point of most of our templates.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Fastify plugins and handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      // A field left out by destructuring (`const { sha256: _sha256, ...rest }`) is the point, not an oversight.
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Fastify's route options type handlers as returning void, yet returning the reply (a thenable) is how it is done.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { properties: false } }],
      // Names are limited and cut in code points, which is what spreading a string gives.
      '@typescript-eslint/no-misused-spread': 'off',
    },
  },
  {
    // Benchmarks index pixel and score arrays in tight loops, within bounds they have just checked.
    files: ['benchmarks/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Tests read untyped JSON bodies and assert their shape; tap awaits its own subtests.
    files: ['test/**/*.ts'],
    rules: {
      // Stand-in callbacks (a logger that drops lines, a handler that ignores an event) are empty on purpose.
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Tests check at run time what the types promise (a body's error field, an optional part of a result).
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', module: 'writable' } },
  },
);
