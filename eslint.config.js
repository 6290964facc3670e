// ESLint: the JavaScript and typescript-eslint recommended rules, type-checked against the
// project's tsconfig.json (CONTRIBUTING.md, "Lint and format"). Layout is Prettier's alone:
// eslint-config-prettier, last, switches off every rule that would argue with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'migrations/', 'migrations-pg/', 'bench/results/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
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
    },
  },
  {
    // The tests check their doubles with `expect(double.method).toHaveBeenCalled…()`: vitest's own
    // idiom, which never calls the method unbound.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // The few plain JavaScript modules (Node loader hooks, a bench client) are not in the
    // TypeScript project: linted without types, in Node's globals.
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
  prettier,
);
