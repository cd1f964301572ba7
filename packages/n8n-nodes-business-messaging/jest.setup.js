/**
 * Runs per property for the property tests: a quick 200 in `npm test`, 2,000 in CI (the root
 * package.json's test:properties:ci; CI's `npm test` leaves these files to it, see jest.config.js),
 * 10,000 with `npm run test:properties` (BM_PROPERTY_RUNS).
 *
 * Seeds: fixed by default, so that `npm test` and CI check the same cases on every run (a red
 * run is a real failure, never chance). `npm run test:properties` sets BM_PROPERTY_SEED=random
 * to explore new cases; a number replays a failed run (fast-check prints the seed with the
 * counterexample).
 */
const fc = require('fast-check');

const FIXED_SEED = 20261123;
const seed = process.env.BM_PROPERTY_SEED ?? String(FIXED_SEED);

fc.configureGlobal({
	numRuns: Number(process.env.BM_PROPERTY_RUNS ?? 200),
	...(seed === 'random' ? {} : { seed: Number(seed) }),
});
