// Rate limits shared by the desks working for one account (issue 36.2).
export { sharedPace, shareShopPaces } from './shared-pace';
