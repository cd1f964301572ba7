// Loaded into the measured n8n process by `node bench/upload.mjs --probe` (NODE_OPTIONS=--require):
// on SIGUSR2 it forces a full garbage collection (--expose-gc) and appends the live memory
// (process.memoryUsage: rss, heapUsed, external, arrayBuffers) to BM_PROBE_DIR/probe-<pid>.tsv.
// After a full GC, arrayBuffers is what Buffers still referenced hold: a body kept in memory shows.
const { appendFileSync } = require('node:fs');

const out = `${process.env.BM_PROBE_DIR}/probe-${process.pid}.tsv`;
process.on('SIGUSR2', () => {
	global.gc?.();
	const m = process.memoryUsage();
	appendFileSync(out, `${Date.now()}\t${m.rss}\t${m.heapUsed}\t${m.external}\t${m.arrayBuffers}\n`);
});
