import { packageSourceFiles } from 'business-messaging-testing';
import ts from 'typescript';
import { BusinessMessaging } from '../nodes/BusinessMessaging/BusinessMessaging.node';
import { BusinessMessagingTrigger } from '../nodes/BusinessMessagingTrigger/BusinessMessagingTrigger.node';

/**
 * Nothing n8n deprecates or removes in 3.0 (docs/VERIFICATION.md), so that the package keeps
 * loading and linting as n8n drops it.
 */

describe('the node descriptions', () => {
	it.each([
		['Business Messaging', new BusinessMessaging().description],
		['Business Messaging Trigger', new BusinessMessagingTrigger().description],
	])('%s has no defaults.color', (_name, description) => {
		// n8n-workflow: NodeDefaults.color is @deprecated, "Use iconColor instead"; n8n-node lint
		// fails on it too (n8n-nodes-base/node-class-description-non-core-color-present).
		expect(Object.keys(description.defaults)).not.toContain('color');
	});
});

describe('the package sources', () => {
	it('use nothing that n8n-workflow or another dependency marks @deprecated', () => {
		// TypeScript's own deprecation check (what editors strike through), over the program
		// tsconfig.json builds: e.g. helpers.request, requestWithAuthentication, IRequestOptions.
		const testPath = expect.getState().testPath!;
		const packageDir = testPath.slice(0, testPath.lastIndexOf('/test/'));
		const config = ts.getParsedCommandLineOfConfigFile(`${packageDir}/tsconfig.json`, undefined, {
			...ts.sys,
			onUnRecoverableConfigFileDiagnostic: (d) => {
				throw new Error(ts.flattenDiagnosticMessageText(d.messageText, ' '));
			},
		})!;
		const files = config.fileNames.filter((f) => f.endsWith('.ts'));
		expect(files.length).toBeGreaterThan(50);
		const service = ts.createLanguageService({
			getScriptFileNames: () => files,
			getScriptVersion: () => '1',
			getScriptSnapshot: (file) =>
				ts.sys.fileExists(file) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(file)!) : undefined,
			getCurrentDirectory: () => packageDir,
			getCompilationSettings: () => ({ ...config.options, incremental: false }),
			getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
			fileExists: ts.sys.fileExists,
			readFile: ts.sys.readFile,
			readDirectory: ts.sys.readDirectory,
			directoryExists: ts.sys.directoryExists,
			getDirectories: ts.sys.getDirectories,
		});
		const deprecated = files.flatMap((file) =>
			service
				.getSuggestionDiagnostics(file)
				.filter((d) => d.reportsDeprecated)
				.map((d) => {
					const { line } = d.file!.getLineAndCharacterOfPosition(d.start!);
					return `${file.slice(packageDir.length + 1)}:${line + 1} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
				}),
		);
		expect(deprecated).toEqual([]);
	});

	it('use no expression helper n8n 3.0 removes ($getPairedItem, $evaluateExpression)', () => {
		const sources = [...packageSourceFiles('nodes'), ...packageSourceFiles('credentials')];
		expect(sources.length).toBeGreaterThan(50);
		const uses = sources.filter((file) => /\$getPairedItem|\$evaluateExpression/.test(file.text));
		expect(uses.map((file) => file.path)).toEqual([]);
	});
});
