// `feed add|list|remove|plan|run`: the stock feeds of the data folder.
export { feedPlanCommand, feedRunCommand } from './feed-run';
export { feedAddCommand, feedListCommand, feedNamed, feedRemoveCommand } from './feed';
