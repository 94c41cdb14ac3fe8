// The lone desktop's activity log (issue 37.5): the same rows as a team's, in the data folder.
export { openFileActivityLog, type FileActivityLogOptions } from './file-activity-log';
