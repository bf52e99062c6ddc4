// ESLint for carb: typescript-eslint's strict type-checked preset over every TypeScript file tsconfig.json
// type-checks (packages/*/src, packages/*/test, test, scripts). Kept here, not at the top level, whose layout
// is fixed; run as `npm run lint` (eslint -c configs/eslint.config.js, its cache in node_modules/.cache/eslint).
// Formatting is Prettier's job (options under "prettier" in package.json), so no stylistic rules are enabled here.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('..', import.meta.url));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'packages/cli/bin/**', 'configs/**', 'corpora/**'] },
  {
    files: ['packages/*/src/**/*.ts', 'packages/*/test/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      // One TypeScript program, the root tsconfig.json's (it includes every linted file), not the project service:
      // that would build one program per nearest tsconfig (17 packages + the root), each re-checking the sources
      // its package imports. The root config has the same compiler options, so the types are the same.
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: root },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The codebase type-checks with noUncheckedIndexedAccess, so every read of an array or typed array in a
      // loop whose bounds are known is written `xs[i]!` (1,551 of them): the assertion is the idiom, not a smell.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Counts, indices and exact bigints (allowNumber covers bigint) are interpolated into every message and file
      // name (823 numbers); nullish, any, arrays, regexps and objects stay refused: those are the real bugs
      // ("undefined" in a message). Every option is spelled out: the ones left unset would take the rule's lax defaults.
      '@typescript-eslint/restrict-template-expressions': ['error', {
        allowNumber: true, allowBoolean: true, allowAny: false, allowNullish: false, allowRegExp: false, allowNever: false, allowArray: false,
      }],
      // arrow shorthands returning a void call (`forEach((e) => set.add(e))`, 75 of them) read plainly as they are.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // the same convention tsc's noUnusedParameters keeps: a leading underscore marks a deliberately unused name
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
);
