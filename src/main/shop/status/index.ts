// What the seller is told of the shop: the sync's status, the status read without a sync, a problem in words.
export { shopStatus } from './shop-status';
export type { ShopStatus } from './shop-status';
export { readShopStatus } from './shop-status-read';
export { shopProblemText, shopProblemView } from './shop-words';
export { watchShopStatus } from './status-watch';
export { deskRefusalError, deskRefusalText, roleRefusalError, roleRefusalText, roleWord } from './role-words';
export { ownStanding } from './shop-status-read';
