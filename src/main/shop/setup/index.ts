// Setting up a shop's database (`shop init`, Settings → Shop): its schema, the desks' role, a desk's login.
export { deskJoinUrl, initShop } from './shop-init';
export { setUpShop } from './shop-setup';
export type { ShopSetupInput } from './shop-setup';
export { addDesk, makeDeskPassword } from './add-desk';
export type { AddDeskInput } from './add-desk';
export { listDeskLogins, setDeskRole, isDeskGrade } from './desk-grades';
export type { DeskLoginRole, SetDeskRoleInput, SetDeskRoleResult } from './desk-grades';
export { DESK_GRADES } from './desk-role';
export type { DeskGrade } from './desk-role';
