import { characterCount } from '../characters';

/**
 * Send Text › Split Into Bubbles: a long answer (an AI agent's, say) as several chat bubbles,
 * the way a person writes: each paragraph its own bubble; a paragraph longer than the chosen
 * length at its sentences, a sentence longer than that at its spaces. Never inside a word: a
 * word longer than the length (a long link) goes alone, within the platform's 4,096.
 */

/**
 * At most this many bubbles per send: each is a message to one customer, and the platform's
 * pair rate (about one message per 6 seconds to a customer; a burst borrows from what follows,
 * code 131056) would hold the chat's next answers back for minutes after a longer run.
 */
export const MAX_BUBBLES = 10;

/** The pause before a bubble never exceeds this: the typing indicator shows for 25 s at most. */
export const LONGEST_PAUSE_MS = 10_000;

/** Blank lines (with spaces or tabs on them) part paragraphs; CRLF counts as one line end. */
const PARAGRAPH_BREAK = /\r?\n[ \t]*(?:\r?\n[ \t]*)+/;

/**
 * The bubbles of `text`, in order, each within `maxCharacters` (counted as the platform counts)
 * unless it is one word. Blank lines and the spaces around a break are dropped; everything else
 * is kept as written, so the bubbles' words, read in order, are the text's.
 */
export function splitIntoBubbles(text: string, maxCharacters: number): string[] {
	const bubbles: string[] = [];
	for (const paragraph of text.split(PARAGRAPH_BREAK)) {
		const trimmed = paragraph.trim();
		if (trimmed === '') continue;
		if (characterCount(trimmed) <= maxCharacters) bubbles.push(trimmed);
		else packSentences(trimmed, maxCharacters, bubbles);
	}
	return bubbles;
}

/** The paragraphs of `text` (parted by blank lines), as splitIntoBubbles sees them. */
export function paragraphCount(text: string): number {
	return text.split(PARAGRAPH_BREAK).filter((paragraph) => paragraph.trim() !== '').length;
}

/** A paragraph too long for one bubble: as many whole sentences per bubble as fit. */
function packSentences(paragraph: string, max: number, bubbles: string[]): void {
	const packer = new Packer(max, bubbles);
	for (const segment of sentences(paragraph)) {
		if (packer.takes(segment)) continue;
		packer.flush();
		if (packer.takes(segment)) continue;
		// One sentence longer than a bubble: its words, packed alone (a new bubble begins after it).
		const words = new Packer(max, bubbles);
		for (const word of segment.split(/(?<=\s)(?=\S)/)) {
			if (words.takes(word)) continue;
			words.flush();
			if (words.takes(word)) continue;
			bubbles.push(word.trim());
		}
		words.flush();
	}
	packer.flush();
}

/**
 * The sentences of a paragraph, each with the spaces after it. Unicode's rules also end a
 * sentence at a "?" or "!" with no space after it, as in a link's query ("track?id=1"): a break
 * with no space before it counts only after a full-width terminator (Chinese, Japanese), which
 * takes none.
 */
function sentences(paragraph: string): string[] {
	const found: string[] = [];
	for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(
		paragraph,
	)) {
		const previous = found[found.length - 1];
		if (previous !== undefined && !/(\s|[。．！？])$/u.test(previous))
			found[found.length - 1] = previous + segment;
		else found.push(segment);
	}
	return found;
}

/** Collects pieces of text into one bubble while it stays within `max` (trailing space aside). */
class Packer {
	private current = '';

	constructor(
		private readonly max: number,
		private readonly bubbles: string[],
	) {}

	/** Adds `piece` when the bubble then still fits; false leaves the bubble as it was. */
	takes(piece: string): boolean {
		const joined = this.current + piece;
		if (characterCount(joined.trim()) > this.max) return false;
		this.current = joined;
		return true;
	}

	flush(): void {
		const bubble = this.current.trim();
		if (bubble !== '') this.bubbles.push(bubble);
		this.current = '';
	}
}

/**
 * The pause before a bubble after the first: the time to type it at `charactersPerSecond`, at
 * most LONGEST_PAUSE_MS.
 */
export function pauseBefore(bubble: string, charactersPerSecond: number): number {
	return Math.min(
		LONGEST_PAUSE_MS,
		Math.round((characterCount(bubble) / charactersPerSecond) * 1000),
	);
}
