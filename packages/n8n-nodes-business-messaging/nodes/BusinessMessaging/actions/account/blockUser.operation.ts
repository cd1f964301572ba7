import { blockUser } from '../../../common/api/blockUsers';
import { customerBlockOperation } from './customerBlock';

/** Blocks one customer per item: they can no longer write to the number, nor it to them. */
export const { description, execute } = customerBlockOperation(
	'blockUser',
	'The customer to block: they must have written to this number in the last 24 hours',
	blockUser,
);
