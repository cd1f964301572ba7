/**
 * How a customer's answer finds the execution that waits for it.
 *
 * Send and Wait puts a reference in every button ID and list row ID of its question, in a Flow's
 * flow token (which the platform hands back in the Flow's answer), and in the message's callback
 * data (`biz_opaque_callback_data`, which the platform hands back in the
 * message's receipts). A reference is "bmw:" and the path and query of n8n's own resume address
 * for that answer: `/webhook-waiting/<execution>/<node>?k=…&a=…&w=…&s=…&signature=…`. The
 * trigger, which receives the answer, calls that address on its own n8n. Nothing is stored
 * anywhere: the reference carries all the state, and it is signed twice (see answerSignature
 * and n8n's `signature`), so that nobody can resume an execution by guessing.
 */
export const REFERENCE_PREFIX = 'bmw:';

/**
 * What an answer is: a tap, the next message in the chat, a receipt, a form on n8n's page, a
 * WhatsApp Flow's answer.
 */
export const ANSWER_KINDS = {
	tap: 'b',
	text: 't',
	receipt: 'r',
	page: 'p',
	form: 'f',
} as const;

export type AnswerKind = keyof typeof ANSWER_KINDS;

/** The query parameters of a resume address; `signature` is n8n's own. */
export interface ResumeParameters {
	/** The kind of answer (ANSWER_KINDS). */
	k: string;
	/** Which answer a tap gives ('' for the others). */
	a: string;
	/** The wait's own random ID: an answer to an earlier wait of the same node resumes nothing. */
	w: string;
	/** The package's signature of the above (answerSignature). */
	s: string;
}

/** The reference of a signed resume address. */
export function referenceOf(resumeUrl: string): string {
	const url = new URL(resumeUrl);
	return `${REFERENCE_PREFIX}${url.pathname}${url.search}`;
}

export interface ParsedReference {
	kind: AnswerKind;
	/** The path and query to call on the n8n the trigger runs on. */
	path: string;
}

/** The longest reference read (a list row's ID holds 200 characters, callback data 512). */
const REFERENCE_MAX = 1024;
/** An execution ID or a node ID: a plain name, so never a dot segment, encoded or not. */
const PATH_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;
/** The query n8n and the package put there: names, values, `=`, `&` and percent-escapes. */
const QUERY = /^[A-Za-z0-9_.~%=&-]*$/;

/**
 * A reference read back from a delivery, or undefined when the value is not one. It must be
 * exactly `<waiting path>/<execution>/<node>?<query>` under the n8n's waiting-webhook address
 * (`waitingPath`, e.g. "/webhook-waiting"), read as written: nothing is normalised, so a dot
 * segment (`..`, `%2e%2e`), a backslash, another host or any other path is refused, and a forged
 * delivery cannot make the trigger call another webhook of the n8n.
 */
export function parseReference(value: unknown, waitingPath: string): ParsedReference | undefined {
	if (typeof value !== 'string' || !value.startsWith(REFERENCE_PREFIX)) return undefined;
	const reference = value.slice(REFERENCE_PREFIX.length);
	if (reference.length > REFERENCE_MAX) return undefined;
	const queryAt = reference.indexOf('?');
	if (queryAt === -1) return undefined;
	const path = reference.slice(0, queryAt);
	const query = reference.slice(queryAt + 1);
	const base = waitingPath.replace(/\/+$/, '');
	if (!base.startsWith('/') || !path.startsWith(`${base}/`) || !QUERY.test(query)) return undefined;
	const rest = path.slice(base.length + 1).split('/');
	if (rest.length !== 2 || !rest.every((segment) => PATH_SEGMENT.test(segment))) return undefined;
	const parameters = new URLSearchParams(query);
	const code = parameters.get('k');
	const kind = (Object.keys(ANSWER_KINDS) as AnswerKind[]).find((k) => ANSWER_KINDS[k] === code);
	if (!kind || !parameters.get('w') || !parameters.get('s')) return undefined;
	return { kind, path: `${path}?${query}` };
}
