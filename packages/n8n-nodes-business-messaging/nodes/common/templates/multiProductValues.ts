import type { ButtonParameter, ProductSection } from '../messages/template';
// A multi-product button's send has a product list's limits (Cloud API MPM templates).
import { LIMITS as MULTI_PRODUCT_LIMITS } from '../rules/messageLimits';
import type { TemplateVariable } from './variables';
import { characterCount } from '../characters';

type Fail = (variable: TemplateVariable, rule: string, description?: string) => Error;

/**
 * A multi-product button's fields of the variables form (thumbnail, then a title and retailer
 * IDs per section) gathered into its one send parameter, each limit checked and named by its
 * field: a section needs both, a title has at most 24 characters, 30 products in all.
 */
export class MultiProductValues {
	private readonly buttons = new Map<
		string,
		{
			thumbnail: string;
			sections: Map<
				number,
				{ title?: [TemplateVariable, string]; ids?: [TemplateVariable, string] }
			>;
		}
	>();

	constructor(private readonly fail: Fail) {}

	add(
		variable: TemplateVariable,
		index: string,
		kind: string,
		section: number,
		value: string,
	): void {
		const button = this.buttons.get(index) ?? { thumbnail: '', sections: new Map() };
		this.buttons.set(index, button);
		if (kind === 'mpmThumbnail') {
			button.thumbnail = value;
			return;
		}
		const entry = button.sections.get(section) ?? {};
		button.sections.set(section, entry);
		if (kind === 'mpmSectionTitle') entry.title = [variable, value];
		else entry.ids = [variable, value];
	}

	parameters(): ButtonParameter[] {
		return [...this.buttons].map(([index, button]) => {
			let products = 0;
			const sections: ProductSection[] = [];
			for (const [, { title, ids }] of [...button.sections].sort(([a], [b]) => a - b)) {
				const titleText = title?.[1] ?? '';
				const retailerIds = (ids?.[1] ?? '')
					.split(/[,\n]/)
					.map((id) => id.trim())
					.filter(Boolean);
				if (!titleText && retailerIds.length === 0) continue;
				if (!titleText && title) throw this.fail(title[0], 'is required: its section has products');
				if (retailerIds.length === 0 && ids)
					throw this.fail(
						ids[0],
						'is required: its section has a title (give retailer IDs separated by commas)',
					);
				if (title && characterCount(titleText) > MULTI_PRODUCT_LIMITS.sectionTitle)
					throw this.fail(
						title[0],
						`is at most ${MULTI_PRODUCT_LIMITS.sectionTitle} characters (it has ${characterCount(titleText)})`,
					);
				products += retailerIds.length;
				if (ids && products > MULTI_PRODUCT_LIMITS.products)
					throw this.fail(
						ids[0],
						`brings the products to ${products}: at most ${MULTI_PRODUCT_LIMITS.products} in all sections`,
					);
				sections.push({ title: titleText, retailerIds });
			}
			return { index, kind: 'mpm', thumbnailRetailerId: button.thumbnail, sections };
		});
	}
}
