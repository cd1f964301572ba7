/**
 * Runs per property for the property tests that go through the node (test/nodeProperties.test.ts):
 * a quick 200 in `npm test`, 10,000 with `npm run test:properties` (BM_PROPERTY_RUNS).
 * BM_PROPERTY_SEED replays a failed run: fast-check prints the seed with the counterexample.
 */
const fc = require('fast-check');

fc.configureGlobal({
	numRuns: Number(process.env.BM_PROPERTY_RUNS ?? 200),
	...(process.env.BM_PROPERTY_SEED ? { seed: Number(process.env.BM_PROPERTY_SEED) } : {}),
});
