import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INode,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';

/**
 * The part of n8n's CredentialsHelper (in the `n8n` package, not published for tests) that a
 * node's requests go through: it hands out the credential's data and applies the credential
 * type's `authenticate` declaration exactly as n8n does, resolving `={{$credentials.…}}`
 * expressions with the workflow's own expression engine.
 */
export class TestCredentialsHelper {
	/** Every request the helper authenticated, for tests that look at what was sent. */
	readonly authenticated: IHttpRequestOptions[] = [];
	/** How often the credential was read (n8n reads it from its database and decrypts it each time). */
	reads = 0;

	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {}

	getParentTypes(name: string): string[] {
		return this.types[name]?.extends ?? [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async getDecrypted(
		_additionalData: unknown,
		nodeCredentials: { id: string | null; name: string },
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		this.reads++;
		const data = this.data[type];
		if (!data)
			throw new Error(`test: no credential data of type ${type} (${nodeCredentials.name})`);
		return { ...data };
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	getCredentialsProperties(type: string) {
		return this.types[type]?.properties ?? [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incoming: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incoming as IHttpRequestOptions &
			Record<string, Record<string, unknown> | undefined>;
		const type = this.types[typeName];
		if (!type) throw new Error(`test: unknown credential type ${typeName}`);
		const { authenticate } = type;
		if (typeof authenticate === 'function') {
			const result = await authenticate(credentials, requestOptions);
			this.authenticated.push(result);
			return result;
		}
		if (authenticate?.type === 'generic') {
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
					const keyResolved = resolve(key, credentials, workflow, node);
					const valueResolved = resolve(value, credentials, workflow, node);
					requestOptions[outerKey] = {
						...(requestOptions[outerKey] ?? {}),
						[keyResolved]: valueResolved,
					};
				}
			}
		}
		this.authenticated.push(requestOptions);
		return requestOptions;
	}
}

/** As n8n's CredentialsHelper.resolveValue: `=`-prefixed strings are expressions. */
export function resolve(
	value: unknown,
	credentials: ICredentialDataDecryptedObject,
	workflow: Workflow,
	node: INode,
): string {
	if (typeof value !== 'string' || value.charAt(0) !== '=') return value as string;
	const resolved = workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
	return resolved ? String(resolved) : '';
}
