import type { IDataObject } from 'n8n-workflow';
import { OpenQuestions } from '../nodes/BusinessMessagingTrigger/waiting/openQuestions';

/**
 * The trigger's open free-text questions. n8n 2.x may not save the static data a delivery
 * changed (RELIABILITY.md, Send and Wait): the process that took a receipt must still find its
 * question, and must not take an answered one back from an older saved copy.
 */
const QUESTION = { path: '/webhook-waiting/7/ask?k=t&a=&w=w1&s=s1', messageId: 'wamid.q1' };
const NOW = 1_800_000_000_000;
let trigger = 0;
const nextTrigger = () => `workflow-${++trigger}|node|webhook`;

describe('open free-text questions', () => {
	it('are found by the process that opened them though n8n never saved the static data', () => {
		const name = nextTrigger();
		new OpenQuestions({}, name).open('pn-1', ['US.1349'], QUESTION, NOW);
		// The next delivery loads the database's copy, which the lost save left without it.
		const taken = new OpenQuestions({}, name).take('pn-1', ['US.1349'], NOW + 1000);
		expect(taken).toMatchObject(QUESTION);
	});

	it('once taken, are not taken again from an older saved copy that still names them', () => {
		const name = nextTrigger();
		const stale: IDataObject = {};
		new OpenQuestions(stale, name).open('pn-1', ['14155550100'], QUESTION, NOW);
		const savedBeforeTheAnswer = JSON.parse(JSON.stringify(stale)) as IDataObject;
		expect(new OpenQuestions({}, name).take('pn-1', ['14155550100'], NOW + 1)).toBeDefined();
		expect(
			new OpenQuestions(savedBeforeTheAnswer, name).take('pn-1', ['14155550100'], NOW + 2),
		).toBeUndefined();
	});

	it('in another process (only the saved copy), are found under any identity the receipt named', () => {
		const saved: IDataObject = {};
		new OpenQuestions(saved, nextTrigger()).open('pn-1', ['14155550100', 'US.1349'], QUESTION, NOW);
		const elsewhere = new OpenQuestions(saved, nextTrigger());
		expect(elsewhere.take('pn-1', ['US.1349'], NOW + 1)).toMatchObject(QUESTION);
		// Taken under one identity, it is gone under the other too.
		expect(elsewhere.take('pn-1', ['14155550100'], NOW + 2)).toBeUndefined();
		expect(saved.openQuestions).toEqual({});
	});

	it('are forgotten after 30 days', () => {
		const name = nextTrigger();
		new OpenQuestions({}, name).open('pn-1', ['14155550100'], QUESTION, NOW);
		const month = 31 * 24 * 60 * 60 * 1000;
		expect(new OpenQuestions({}, name).take('pn-1', ['14155550100'], NOW + month)).toBeUndefined();
	});
});
