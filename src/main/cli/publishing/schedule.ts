// `publish ID... --at TIME` (issue 25.8): schedules the drafts instead of publishing them now; the
// app while open, or `worker`, publishes them then. A time past or unreadable is refused (exit 2).
import type { ScheduleAnswer } from '../../../shared/ipc/contract-schedule';
import { CallFailed, ExitWith, type Session } from '../session';
import { EXIT } from '../words';

/** Schedules the drafts; prints each answer and a JSON summary. */
export async function scheduleCommand(session: Session, ids: string[], at: string): Promise<number> {
  let answers: ScheduleAnswer[];
  try {
    ({ answers } = await session.call<{ answers: ScheduleAnswer[] }>('schedule:set', { ids, at }));
  } catch (error) {
    if (error instanceof CallFailed && error.error.code === 'invalid-input')
      throw new ExitWith(EXIT.usage, error.error.message);
    throw error;
  }
  for (const answer of answers) session.err(answer.message);
  const ok = answers.every((answer) => answer.ok);
  session.out(JSON.stringify({ command: 'publish', scheduled: ok, at, items: answers }, null, 2));
  return ok ? EXIT.ok : EXIT.someFailed;
}
