import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export const categoryField: INodeProperties = {
	displayName: 'Category',
	name: 'category',
	type: 'options',
	default: 'UTILITY',
	description:
		'What the template is for. A utility template that reads like marketing is rejected.',
	options: [
		{ name: 'Authentication', value: 'AUTHENTICATION', description: 'One-time codes' },
		{ name: 'Marketing', value: 'MARKETING', description: 'Offers, news, invitations' },
		{ name: 'Utility', value: 'UTILITY', description: 'Updates about an order or account' },
	],
};

export const STATUSES: INodePropertyOptions[] = [
	{ name: 'Approved', value: 'APPROVED' },
	{ name: 'Disabled', value: 'DISABLED' },
	{ name: 'In Appeal', value: 'IN_APPEAL' },
	{ name: 'Paused', value: 'PAUSED' },
	{ name: 'Pending', value: 'PENDING' },
	{ name: 'Pending Deletion', value: 'PENDING_DELETION' },
	{ name: 'Rejected', value: 'REJECTED' },
];

/** Common language codes of the platform, by name. */
export const LANGUAGES: INodePropertyOptions[] = [
	['Arabic', 'ar'],
	['Chinese (China)', 'zh_CN'],
	['Chinese (Hong Kong)', 'zh_HK'],
	['Chinese (Taiwan)', 'zh_TW'],
	['Dutch', 'nl'],
	['English', 'en'],
	['English (UK)', 'en_GB'],
	['English (US)', 'en_US'],
	['French', 'fr'],
	['German', 'de'],
	['Hindi', 'hi'],
	['Indonesian', 'id'],
	['Italian', 'it'],
	['Japanese', 'ja'],
	['Korean', 'ko'],
	['Polish', 'pl'],
	['Portuguese (Brazil)', 'pt_BR'],
	['Portuguese (Portugal)', 'pt_PT'],
	['Russian', 'ru'],
	['Spanish', 'es'],
	['Spanish (Argentina)', 'es_AR'],
	['Spanish (Mexico)', 'es_MX'],
	['Spanish (Spain)', 'es_ES'],
	['Turkish', 'tr'],
].map(([name, value]) => ({ name: `${name} — ${value}`, value }));

export const TEMPLATE_FIELDS: INodePropertyOptions[] = [
	{ name: 'Category', value: 'category' },
	{ name: 'Components', value: 'components' },
	{ name: 'ID', value: 'id' },
	{ name: 'Language', value: 'language' },
	{ name: 'Name', value: 'name' },
	{ name: 'Rejected Reason', value: 'rejected_reason' },
	{ name: 'Status', value: 'status' },
];
