import { invalid } from '../../errors';
import { jsonBody, type SandboxPlugin } from '../../http';
import { isObject, requireString } from '../../validate';
import { verifySubscription } from '../../webhookVerification';
import { WRONG_DELIVERIES, type WrongDelivery } from '../../webhooks';

/** The control API's webhook: register it, deliver to it, see the deliveries. */
export const webhookRoutes: SandboxPlugin = async (app, { sandbox }) => {
	app.get('/webhook', async () => ({
		target: sandbox.webhooks.target
			? { ...sandbox.webhooks.target, secret: sandbox.webhooks.target.secret ? '(set)' : undefined }
			: null,
	}));
	app.put('/webhook', async (request) => {
		const body = jsonBody(request);
		const url = requireString(body, 'url', 'url');
		if (!/^https?:\/\//.test(url)) throw invalid('url', 'must be an http(s) URL');
		const headers = body.headers === undefined ? {} : body.headers;
		if (!isObject(headers) || Object.values(headers).some((v) => typeof v !== 'string'))
			throw invalid('headers', 'must be an object of header names to string values');
		const secret = body.secret === undefined ? undefined : requireString(body, 'secret', 'secret');
		if (body.verifyToken !== undefined)
			await verifySubscription(url, requireString(body, 'verifyToken', 'verifyToken'));
		sandbox.webhooks.target = { url, headers: headers as Record<string, string>, secret };
		return { ok: true };
	});
	app.delete('/webhook', async () => {
		sandbox.webhooks.target = undefined;
		return { ok: true };
	});
	app.get('/webhook/deliveries', async () => ({
		data: sandbox.webhooks.deliveries,
	}));
	app.post('/webhook/deliver', async (request) => {
		const body = jsonBody(request);
		if (!sandbox.webhooks.target)
			throw invalid('webhook', 'no webhook is registered (PUT /_sandbox/webhook first)');
		const wrong = body.wrong;
		if (wrong !== undefined && !WRONG_DELIVERIES.includes(wrong as WrongDelivery))
			throw invalid('wrong', `must be one of ${WRONG_DELIVERIES.join(', ')}`);
		const payload =
			body.payload ??
			(wrong === undefined ? body : { object: 'whatsapp_business_account', entry: [] });
		const delivery = sandbox.webhooks.emit(payload, { wrong: wrong as WrongDelivery | undefined });
		return { id: delivery?.id };
	});
	app.post('/webhook/redeliver', async (request) => {
		const body = jsonBody(request);
		const id = requireString(body, 'id', 'id');
		const original = sandbox.webhooks.deliveries.find((d) => d.id === id && !d.redeliveryOf);
		if (!original) throw invalid('id', 'no delivery has this ID');
		if (!sandbox.webhooks.target)
			throw invalid('webhook', 'no webhook is registered (PUT /_sandbox/webhook first)');
		sandbox.webhooks.emit(undefined, { redeliveryOf: original });
		return { id };
	});
	app.post('/webhook/flush', async () => {
		await sandbox.webhooks.idle();
		return { ok: true };
	});
};
