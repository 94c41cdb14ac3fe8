import type { Schedules } from '../../automation/schedules';
import type { Handlers } from '../router';

/** Handlers of scheduled publishing (issue 25.4): `at` sets or changes the time, null cancels. */
export function scheduleHandlers(schedules: Schedules): Pick<Handlers, 'schedule:set'> {
  return {
    'schedule:set': async ({ ids, at }) => ({
      answers: at === null ? await schedules.cancel(ids) : await schedules.set(ids, at),
    }),
  };
}
