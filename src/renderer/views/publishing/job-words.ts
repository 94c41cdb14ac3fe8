// Plain words for a job's figures and errors in the UI's language: sizes, times, and what to do.
import { useTranslation } from 'react-i18next';
import { stateMeaning } from '../../../shared/domain/publishing';
import { useDates } from '../../i18n/use-dates';
import type { PublishJobError, PublishJobView } from '../../../shared/domain/publishing';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A byte count the way a file manager shows it (1 decimal from KB on). */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(language, { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${UNITS[unit]}`;
}

/** Functions that word job figures in the current language. */
export function useJobWords() {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  return {
    bytes: (done: number, total: number) =>
      t('publish.bytes', {
        done: formatBytes(done, i18n.language),
        total: formatBytes(total, i18n.language),
      }),
    time: (iso: string) => dates.time(iso, true),
    title: (title: string) => title.trim() || t('publish.untitled'),
    /** A publication state in seller words when the app knows it, else as the service names it. */
    state: (state: string | null) => {
      if (state === null) return t('publish.stateNotReported');
      const meaning = stateMeaning(state);
      return meaning ? t(`publish.stateWord.${meaning}`) : state;
    },
    /** The job's state badge: a rejection the service named as such, or "needs you" for any other. */
    badge: (job: Pick<PublishJobView, 'state' | 'actualState' | 'error'>) =>
      job.state === 'rejected' && stateMeaning(job.actualState) !== 'rejected'
        ? t('publish.state.needsSeller')
        : job.state === 'waiting' && job.error?.problem === 'account-cannot-sign-in'
          ? t('publish.signIn.badge')
          : job.state === 'waiting' && job.error?.problem === 'waiting-for-secret'
            ? t('publish.desk.waitingBadge')
            : job.state === 'waiting' && job.error?.problem === 'waiting-for-shop'
              ? t('publish.state.waitingShop')
              : t(`publish.state.${job.state}`),
    /** In a shop: which desk runs the job, and where Publish was pressed when that was elsewhere. */
    desk: (job: Pick<PublishJobView, 'desk'>) => {
      const desk = job.desk;
      if (!desk) return undefined;
      const runner =
        desk.runner === null
          ? t('publish.desk.noRunner')
          : t(desk.here ? 'publish.desk.runnerHere' : 'publish.desk.runner', { desk: desk.runner });
      return desk.requestedBy === desk.runner
        ? runner
        : `${runner} · ${t('publish.desk.requestedBy', { desk: desk.requestedBy })}`;
    },
    /** Why a job waits for its account to sign in, and what to do; undefined for any other error. */
    signIn: (error: PublishJobError | null) => {
      if (error?.problem !== 'account-cannot-sign-in') return undefined;
      return {
        title: t('publish.problemTitle.account-cannot-sign-in'),
        what: t(`publish.signIn.reason.${String(error.params?.reason)}`, { defaultValue: error.detail }),
        todo: t(error.remedy === 'wait' ? 'publish.signIn.todoWait' : 'publish.signIn.todoFix'),
      };
    },
    /** Why a job waits for a desk holding its account's secret, or for the shop's database (the app's own words). */
    shopWait: (error: PublishJobError | null) => {
      const problem = error?.problem;
      if (problem !== 'waiting-for-secret' && problem !== 'waiting-for-shop') return undefined;
      return {
        title: t(`publish.problemTitle.${problem}`),
        what: t(`problems.${problem}`),
        todo: t(`publish.whatToDo.${problem}`),
      };
    },
    /** What to do about `error`: words for its problem, else for its remedy, else main's sentence. */
    whatToDo: (error: PublishJobError) =>
      t(`publish.whatToDo.${error.problem}`, {
        ...errorParams(error, i18n.language),
        defaultValue: t(`publish.remedy.${error.remedy}`, { defaultValue: error.whatToDo }),
      }),
  };
}

// An error's params for the words of its problem: sizes as a file manager shows them; without an
// accepted size, the words for "none taken yet" (i18next context `none`).
function errorParams(error: PublishJobError, language: string): Record<string, string | number> {
  const params = error.params;
  if (!params) return {};
  const words: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    words[key] =
      typeof value === 'number' && /bytes|accepted/i.test(key) ? formatBytes(value, language) : value;
  }
  return 'accepted' in params || !('bytes' in params) ? words : { ...words, context: 'none' };
}
