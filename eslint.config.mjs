// The linter for every workspace outside the published package (which `n8n-node lint` checks
// with n8n's own config): the sandbox, the test harness, the end-to-end runs, the benchmarks and
// the scripts.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['**/node_modules', '**/dist', 'packages/n8n-nodes-business-messaging'] },
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
	},
	{
		files: ['**/*.mjs', '**/*.js'],
		extends: [js.configs.recommended],
		languageOptions: { globals: { ...globals.node } },
	},
	{
		files: ['**/*.ts'],
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
			],
		},
	},
	{
		files: ['**/*.mjs', '**/*.js'],
		rules: {
			'no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
			],
		},
	},
	{
		// The end-to-end runs and the tools around n8n read as a session and one function per check:
		// a function past 80 lines of code is a step to split (issue 39).
		files: ['e2e/**/*.mjs', 'tools/**/*.mjs', 'bench/**/*.mjs', 'scripts/**/*.mjs'],
		rules: {
			'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
		},
	},
);
