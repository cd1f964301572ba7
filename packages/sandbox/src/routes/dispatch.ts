import { Readable } from 'node:stream';
import { notFound } from '../errors';
import { param, type Endpoint, type SandboxPlugin } from '../http';
import { getBusinessAccount } from './account';
import { deleteMedia, mediaUrlInfo } from './media';
import { editTemplate, templateView } from './templates';
import { uploadSample } from './uploads';
import { numberView, setNumberWebhook } from './webhookOverrides';

const UPLOAD_PREFIX = 'upload:';

/**
 * The routes on a bare ID, which the API shares between kinds of object as the Graph API does:
 * GET a business account (4.7), a phone number (its webhook configuration, its conversational
 * components), a template (4.3) or
 * a media URL (4.6); POST edits a template (4.3), sets a phone number's webhook override, or, for
 * `upload:<id>`, takes the sample bytes (4.5); DELETE removes a media file (4.6).
 */
export const idRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/:id', async (request) => {
		const id = param(request, 'id');
		const { store } = sandbox;
		const key = request.apiKey;
		if (store.accounts.get(id)?.apiKey === key) return getBusinessAccount(sandbox, request, id);
		if (store.numbers.get(id)?.apiKey === key)
			return numberView(sandbox, request, store.number(key, id));
		if (store.templates.has(id)) return templateView(store.template(key, id));
		if (store.media.has(id)) return mediaUrlInfo(sandbox, request, id);
		throw notFound('Object', id);
	});

	app.post('/:id', async (request) => {
		const id = param(request, 'id');
		if (id.startsWith(UPLOAD_PREFIX))
			return uploadSample(sandbox, request, id.slice(UPLOAD_PREFIX.length));
		if (request.body instanceof Readable) request.body.resume();
		if (sandbox.store.numbers.get(id)?.apiKey === request.apiKey)
			return setNumberWebhook(sandbox, request, sandbox.store.number(request.apiKey, id));
		if (sandbox.store.templates.has(id))
			return editTemplate(sandbox, request, sandbox.store.template(request.apiKey, id));
		throw notFound('Template', id);
	});

	app.delete('/:id', async (request) => {
		const id = param(request, 'id');
		if (sandbox.store.media.has(id)) return deleteMedia(sandbox, request, id);
		throw notFound('Media', id);
	});
};

/** No rows of its own: each kind it serves is described by its area's module (account, templates…). */
export const endpoints: Endpoint[] = [];
