// `shop init|add-desk|join|status|leave|role|desks`, and the rounds with the shop around each command of a desk in one.
export { undoRefusedJoin } from './join-undo';
export { catchUpWithShop, sendToShop } from './shop-round';
export { shopInitCommand, shopJoinCommand, shopLeaveCommand, shopStatusCommand } from './shop';
export { shopAddDeskCommand } from './shop-add-desk';
export { shopDesksCommand, shopRoleCommand } from './shop-roles';
