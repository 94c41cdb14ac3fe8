// Joining a shop and leaving it: the desk's row, membership and password, then the first exchange of data.
export { finishJoin } from './finish-join';
export { waitConnected } from './join';
export { joinShop, leaveShop } from './shop-join';
