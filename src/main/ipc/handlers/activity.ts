import type { ActivityLog } from '../../ports/activity-log';
import type { Handlers } from '../router';

/** Handler of `activity:list` (issue 37.5): the log's rows that pass the filter. */
export function activityHandlers(activity: Pick<ActivityLog, 'list'>): Pick<Handlers, 'activity:list'> {
  return { 'activity:list': async (filter) => ({ entries: await activity.list(filter ?? {}) }) };
}
