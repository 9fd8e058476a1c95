// ESLint (flat config) for the extension, its webview scripts, the tests and the build script: the
// recommended rules of ESLint and typescript-eslint, type-checked through the two tsconfig projects
// (tsconfig.json for the extension and tests, tsconfig.webview.json for the browser scripts).
// `npm run lint`; .ci/run calls it before the tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', '.vscode-test/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    rules: {
      // Control characters in regular expressions are the point wherever they appear here: panel text,
      // logs and exported cells are stripped of them before they are shown or written.
      'no-control-regex': 'off',
      // An AbortSignal's reason and a failure passed on are rethrown as they came (an Error in practice).
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // Off: where an assertion picks a member of a union for contextual typing, its fixes broke the
      // build (three times in this code base); the compiler already says when a cast is wrong.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // `_name`: a parameter or element kept for its position only.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.webview.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Tests (and the simulated panel) read JSON untyped and assert on it (the assertion is the check), and
    // their test doubles implement async interfaces without awaiting anything.
    // src/prompts/scriptedUserInput.ts is the suite's scripted prompts, a test double kept in src.
    files: ['test/**/*.ts', 'src/prompts/scriptedUserInput.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // The build script and this file: plain ES modules run by Node, outside the TypeScript projects.
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
