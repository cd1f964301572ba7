/** Tests run the node through n8n-core against the sandbox over real HTTP (see test/). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
	testTimeout: 30000,
	// One worker per core: jest's default keeps a core for its main process, which only waits here
	// (on 2 cores the long property run took 389 s with one worker, 300 s with two).
	maxWorkers: '100%',
	setupFiles: ['<rootDir>/jest.setup.js'],
	// Jest keeps its transform cache in the temp dir by default, left there after every run; here it
	// stays with the dependencies (the find-cache-dir convention), reused by the next run.
	cacheDirectory: '<rootDir>/node_modules/.cache/jest',
};
