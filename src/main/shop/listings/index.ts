// The shop's one shared view of each account's listings (issue 24.6), read by one desk at a time.
export { startShopListings } from './shop-listings';
export type { ShopListingsDeps } from './shop-listings';
