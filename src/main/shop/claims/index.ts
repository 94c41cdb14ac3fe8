// Work claimed in the shop so one desk does it: publish jobs, bulk jobs, due tasks; the shop's Publishing.
export { openShopBulk } from './bulk-queue';
export { deskTaskClaims } from './due-claims';
export { openShopClaims } from './job-claims';
export type { ShopClaims, ShopClaimsOptions } from './job-claims';
export { shopNotices, shopPublishing } from './shop-publishing';
export { claimFeedLease, feedLease } from './feed-leases';
