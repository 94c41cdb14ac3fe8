// `activity [--since TIME] [--json]` (issue 37.5): who did what, newest first: the team's log while
// this desk is in a team, else this desktop's own.
import type { ActivityEntry, ActivityKind } from '../../../shared/domain/activity';
import { activityChangeText } from '../../../shared/domain/activity';
import { wordsIn } from '../../i18n';
import type { Session } from '../session';
import { EXIT, localTime, table } from '../words';

/** The desks involved, in the order asking → approving → running, each once. */
function desksText(entry: ActivityEntry): string {
  const names = [entry.asking, entry.approving, entry.running ?? entry.desk].flatMap((desk) =>
    desk ? [desk.name] : [],
  );
  return [...new Set(names)].join(' → ');
}

export async function activityCommand(
  session: Session,
  since: string | undefined,
  json: boolean,
): Promise<number> {
  const { entries } = await session.call<{ entries: ActivityEntry[] }>('activity:list', {
    ...(since !== undefined && { since }),
  });
  if (json) {
    session.out(JSON.stringify({ since: since ?? null, entries }, null, 2));
    return EXIT.ok;
  }
  const t = wordsIn(session.language, 'activity');
  if (entries.length === 0) {
    session.out(
      t('none', { since: since ? t('sinceSuffix', { time: localTime(since, session.language) }) : '' }),
    );
    return EXIT.ok;
  }
  const header = t('header', { returnObjects: true }) as unknown as string[];
  const rows = entries.map((entry) => {
    const made =
      entry.madeAt !== entry.recordedAt
        ? ` (${t('madeOffline', { time: localTime(entry.madeAt, session.language) })})`
        : '';
    return [
      localTime(entry.recordedAt, session.language) + made,
      t(`kind.${entry.kind satisfies ActivityKind}`),
      desksText(entry) || t('owner'),
      entry.account ?? '',
      entry.ad ?? entry.draft ?? '',
      activityChangeText(entry.changed),
    ];
  });
  session.out(table([header[0]!, header[2]!, header[5]!, header[6]!, header[7]!, header[9]!], rows));
  return EXIT.ok;
}
