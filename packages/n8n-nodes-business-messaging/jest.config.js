const { availableParallelism } = require('node:os');

/**
 * The property tests (test/*properties.test.ts). CI runs them once, in a step of their own with
 * 2,000 cases each on the fixed seed (the root package.json's test:properties:ci, which sets
 * BM_PROPERTY_RUNS), so CI's `npm test` leaves them out: with the same seed, the 200 cases
 * `npm test` would run are the first 200 of that step's 2,000. Anywhere else `npm test` runs them.
 */
const PROPERTY_TESTS = '/test/(properties|nodeProperties|conversationProperties)\\.test\\.ts$';
const propertiesInTheirOwnStep =
	process.env.CI === 'true' && process.env.BM_PROPERTY_RUNS === undefined;

/** Tests run the node through n8n-core against the sandbox over real HTTP (see test/). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', ...(propertiesInTheirOwnStep ? [PROPERTY_TESTS] : [])],
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
