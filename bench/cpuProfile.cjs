// Loaded into the measured n8n process by `node bench/campaign.mjs --profile DIR`
// (NODE_OPTIONS=--require; Node refuses --cpu-prof there): profiles each `n8n execute` process
// from its start and writes DIR/<pid>.cpuprofile when it exits. Read it with
// `node bench/profileSummary.mjs FILE`.
if (process.argv.includes('execute')) {
	const { Session } = require('node:inspector');
	const { writeFileSync } = require('node:fs');
	const session = new Session();
	session.connect();
	session.post('Profiler.enable');
	session.post('Profiler.setSamplingInterval', { interval: 200 });
	session.post('Profiler.start');
	process.on('exit', () => {
		// The in-process session answers synchronously, so the file is written before the exit.
		session.post('Profiler.stop', (error, result) => {
			if (!error)
				writeFileSync(
					`${process.env.BM_PROFILE_DIR}/${process.pid}.cpuprofile`,
					JSON.stringify(result.profile),
				);
		});
	});
}
