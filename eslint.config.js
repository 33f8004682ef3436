// ESLint for the client's ES modules and the Node test runners: no build step, the files are linted as served.
import js from '@eslint/js';
import globals from 'globals';

export default [
  // The service worker is a Jinja template rendered by Flask, not a plain script.
  {ignores: ['node_modules/**', 'tests/benchmarks/node_modules/**', '.venv/**', 'build/**', 'webapp/templates/**']},
  js.configs.recommended,
  {
    files: ['webapp/static/js/**/*.js'],
    languageOptions: {ecmaVersion: 2023, sourceType: 'module', globals: {...globals.browser}},
  },
  {
    files: ['tests/**/*.mjs', 'tests/**/*.js', 'eslint.config.js'],
    languageOptions: {ecmaVersion: 2023, sourceType: 'module', globals: {...globals.node}},
  },
  {
    rules: {
      'no-unused-vars': ['error', {argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true}],
      'max-len': ['error', {code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true,
        ignoreRegExpLiterals: true}],
      eqeqeq: ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  {
    // The text rule names the control, direction and invisible characters it refuses, on purpose.
    files: ['webapp/static/js/logic/text-rule.js'],
    rules: {'no-control-regex': 'off', 'no-misleading-character-class': 'off'},
  },
];
