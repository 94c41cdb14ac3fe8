// Which shop the desk is in and how it reaches it: membership, URL, pool, session contract, link, errors.
export { createLinkState, isLinkProblem } from './link';
export { readMembership, shopFolder, removeMembership, writeMembership } from './membership';
export type { ShopMembership } from './membership';
export {
  describeShopUrl,
  splitShopUrl,
  shopPasswordKey,
  SHOP_POOL_MAX,
  deskApplicationName,
  openShopPool,
  shopConnectionString,
} from './shop-db';
export { ShopError, shopProblemOf, isLinkDown, ShopRefused, roleRefusalOf } from './shop-error';
export type { ShopProblem, RoleRefusal, RoleAction } from './shop-error';
export type { ShopSession, ShopLink } from './shop-session';
