// Opening connections to the shop's database: the desk's session (pool, LISTEN, link), one-off clients.
export { openShopSession } from './open-session';
export type { SyncSession, ShopSessionOptions } from './open-session';
export { withShopClient, checkShop } from './shop-connect';
