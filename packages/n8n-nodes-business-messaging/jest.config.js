/** Tests run the node through n8n-core against the sandbox over real HTTP (see test/). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
	testTimeout: 30000,
	setupFiles: ['<rootDir>/jest.setup.js'],
};
