import { unblockUser } from '../../../common/api/blockUsers';
import { customerBlockOperation } from './customerBlock';

/** Unblocks one customer per item: they can write to the number again, and it to them. */
export const { description, execute } = customerBlockOperation(
	'unblockUser',
	'The customer to unblock',
	unblockUser,
);
