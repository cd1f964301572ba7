import type { AnswerOption } from './question';

/**
 * The page of Answer Through › Web Page: the question and its answers as a form that posts
 * back to the same signed address. No script, no outside resource: it works in n8n's
 * sandboxed webhook pages and in the chat app's own browser.
 */

function escapeHtml(text: string): string {
	return text.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
	);
}

function page(title: string, inner: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f2f2f2;margin:0;padding:24px;color:#1f1f1f}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
h1{font-size:1.1rem;margin:0 0 8px}p{white-space:pre-wrap;line-height:1.4}
button{display:block;width:100%;margin:8px 0;padding:12px;font-size:1rem;border:1px solid #128c7e;border-radius:8px;background:#fff;color:#128c7e;cursor:pointer}
button.primary{background:#128c7e;color:#fff}textarea{width:100%;box-sizing:border-box;min-height:120px;font:inherit;padding:8px}
small{color:#666}
</style></head><body><main>${inner}</main></body></html>`;
}

/** The question with one button per answer, or a text box for a free-text answer. */
export function questionPage(question: {
	header?: string;
	text: string;
	footer?: string;
	options: AnswerOption[];
}): string {
	const fields =
		question.options.length > 0
			? question.options
					.map(
						(option, index) =>
							`<button type="submit" name="answer" value="${escapeHtml(option.answer)}"${index === 0 ? ' class="primary"' : ''}>${escapeHtml(option.title)}</button>${option.description ? `<small>${escapeHtml(option.description)}</small>` : ''}`,
					)
					.join('\n')
			: '<textarea name="text" required aria-label="Your answer"></textarea><button type="submit" class="primary">Send</button>';
	return page(
		question.header || 'Your answer',
		`${question.header ? `<h1>${escapeHtml(question.header)}</h1>` : ''}<p>${escapeHtml(question.text)}</p>
<form method="post">${fields}</form>${question.footer ? `<small>${escapeHtml(question.footer)}</small>` : ''}`,
	);
}

export function thanksPage(): string {
	return page(
		'Thank you',
		'<h1>Thank you</h1><p>Your answer was recorded. You can close this page.</p>',
	);
}
