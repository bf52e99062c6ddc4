// ESLint for carb: typescript-eslint's strict type-checked preset over every TypeScript file tsconfig.json
// type-checks (packages/*/src, packages/*/test, test, scripts). Kept here, not at the top level, whose layout
// is fixed; run as `npm run lint` (eslint -c configs/eslint.config.js). Formatting is Prettier's job
// (options under "prettier" in package.json), so no stylistic rules are enabled here.
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
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {},
  },
);
