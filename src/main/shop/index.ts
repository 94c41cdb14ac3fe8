// The shop room (DESIGN.md "One shop, many desktops"): what the composition root, the CLI and ipc/ use of it.
export { shopActivityLog, listActivity, insertActivity } from './activity';
export {
  deskTaskClaims,
  abandonedDueKeys,
  abandonedLiveCalls,
  claimLiveCall,
  liveCallKey,
  liveCallOf,
  LIVE_CALL_PREFIX,
  priceStepLogged,
} from './claims';
export {
  readMembership,
  describeShopUrl,
  splitShopUrl,
  ShopError,
  ShopRefused,
  shopProblemOf,
  isLinkDown,
} from './connection';
export { openDeskClaims } from './desk-claims';
export type { DeskClaims } from './desk-claims';
export { openDeskShopService } from './desk-shop-service';
export type { DeskShopService } from './desk-shop-service';
export { waitConnected } from './join';
export {
  liveOutbox,
  draftMarks,
  markedAccountsStore,
  markTemplates,
  markCategoryMappings,
  markFeeds,
} from './kinds';
export type { LiveOutbox } from './kinds';
export { deskFeedTeam } from './feed-team';
export type { LeaseTiming } from './queue';
export { addDesk, deskJoinUrl, initShop, listDeskLogins, setDeskRole, isDeskGrade } from './setup';
export type { DeskGrade, DeskLoginRole } from './setup';
export type { ShopService } from './shop-service';
export { prepareShop, startShop } from './start-shop';
export type { DeskShop, StartShopDeps } from './start-shop';
export {
  deskRefusalError,
  deskRefusalText,
  shopProblemText,
  roleRefusalError,
  roleRefusalText,
  roleWord,
} from './status';
export { openApprovals } from './approvals';
export type { ShopApprovals } from './approvals';
