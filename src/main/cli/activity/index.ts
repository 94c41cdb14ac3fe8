export { activityCommand } from './activity';
