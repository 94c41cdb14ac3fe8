// `feed add|edit|list|remove|plan|run`: the stock feeds of the data folder.
export { feedPlanCommand, feedRunCommand } from './feed-run';
export { feedAddCommand, feedEditCommand, feedListCommand, feedNamed, feedRemoveCommand } from './feed';
