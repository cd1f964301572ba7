const { availableParallelism } = require('node:os');

/** Tests run the node through n8n-core against the sandbox over real HTTP (see test/). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
	testTimeout: 30000,
	// Half again as many workers as cores: jest's default keeps a core for its main process, which
	// only waits here, and many tests wait on real HTTP and timers (a burst's quiet time) with the
	// core idle. On 2 cores the whole run took 187 s with two workers, 177 s with three (a cold
	// cache, as CI has; warm, 174 and 141 s). The property tests, all computing, run one worker
	// per core (the root package.json's test:properties:ci: 94 s, 126 s with three). Jest takes a
	// percentage only up to 100%: "150%" would be read as 150 workers.
	maxWorkers: Math.ceil(availableParallelism() * 1.5),
	setupFiles: ['<rootDir>/jest.setup.js'],
	// Jest keeps its transform cache in the temp dir by default, left there after every run; here it
	// stays with the dependencies (the find-cache-dir convention), reused by the next run.
	cacheDirectory: '<rootDir>/node_modules/.cache/jest',
};
