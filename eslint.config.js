// ESLint: the JavaScript and typescript-eslint recommended rules, type-checked against the
// project's tsconfig.json (CONTRIBUTING.md, "Lint and format"). Layout is Prettier's alone:
// eslint-config-prettier, last, switches off every rule that would argue with it.
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'migrations/', 'migrations-pg/', 'bench/results/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  comments.recommended,
  {
    languageOptions: {
      parserOptions: {
        // bench/.loops.ts is outside tsconfig.json (its include skips dot files).
        projectService: { allowDefaultProject: ['bench/.loops.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A leading underscore marks a name kept on purpose (a slot in a tuple, a field taken out of
      // an object before spreading the rest, a parameter an interface requires): TypeScript's own
      // convention for noUnusedLocals.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `async` without `await` is deliberate here: it implements a Promise-returning interface with
      // synchronous code (the SQLite dialect, the in-process thinker, the tests' doubles) and turns a
      // throw into a rejection, which callers rely on. Dropping it would change behaviour.
      '@typescript-eslint/require-await': 'off',
      // Passing on a caught error as it came (`.catch((error: unknown) => Promise.reject(error))`) is
      // right: wrapping it would change what callers see.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Every disable names its rules, is closed again, and says why after ` -- `: a hole in the
      // lint is a decision a reader can check.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': 'error',
    },
  },
  {
    // The tests check their doubles with `expect(double.method).toHaveBeenCalled…()`: vitest's own
    // idiom, which never calls the method unbound.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // vitest types its asymmetric matchers (`expect.any(Number)`, `expect.stringMatching(…)`,
    // `expect.objectContaining(…)`) as `any`, so every expected object that uses one is reported.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // The few plain JavaScript files (Node loader hooks, a bench client, configuration) are not in
    // the TypeScript project: linted without types, in Node's globals.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
  {
    // CommonJS: the dependency-cruiser's configuration.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  prettier,
);
