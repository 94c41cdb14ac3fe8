// The team's activity log in its database (issue 37.5; the table: schema/migration-activity.ts).
export {
  activityRecords,
  ACTIVITY_FROM_RECORDS,
  insertActivity,
  listActivity,
  pruneActivity,
  shopActivityLog,
  ACTIVITY_INSERT,
} from './activity-store';
