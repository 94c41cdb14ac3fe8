// Everything the command line says, in English and German (the app's language setting, else the
// system's): the `cli` namespace of main's i18n (src/shared/i18n/locales/{en,de}.cli.json).
import type { PublishJobError, PublishJobView } from '../../../shared/domain/publishing';
import { serviceMessageLine } from '../../../shared/service-messages';
import type { UiLanguage } from '../../../shared/i18n-language';
import type { UsageProblem } from '../args';
import { wordsIn, type TFunction } from '../../i18n';

/** The exit codes, documented in --help and the README. */
export const EXIT = {
  ok: 0,
  /**
   * Some items failed: a draft not published, an ad rejected, a row not imported (or left out as
   * a possible duplicate), a row that lost something (a photo not found or not taken).
   */
  someFailed: 1,
  usage: 2,
  /** Another process (the app, the web shell, another command) holds the data folder. */
  locked: 3,
  /** The listing service cannot be reached, or the account cannot sign in. */
  service: 4,
  /** Something unexpected; the log in the data folder has the details. */
  unexpected: 5,
  /**
   * import: every row imported whole, but some drafts are not ready to publish yet; publish
   * --ready: no draft is ready, and some are not (each named with what it lacks).
   */
  notReady: 6,
  /** accounts add: no keychain can be reached, so the secret is not stored anywhere. */
  noKeychain: 7,
  /** shop: the shop's database cannot be reached (host, port, network, TLS). */
  shopUnreachable: 8,
  /**
   * shop: the shop's database refused (login, not a Listing Desk database, schema version,
   * permission, a desk that left), or the membership does not allow it (in a shop already, in none).
   */
  shopRefused: 9,
  /** feed run: the safety valve held the run (a broken-looking file); nothing was applied. */
  feedHeld: 10,
  /** Stopped by Ctrl+C or SIGTERM. */
  interrupted: 130,
} as const;

/** How the command line is started, as its help and hints name it (`npm run -s cli --` from the repository). */
let invocation = 'npm run -s cli --';

/** Names the program in the help and hints: the packaged app passes its executable's name. */
export function nameInvocation(name: string): void {
  invocation = name;
}

/** The program's name as the seller types it (see nameInvocation). */
export const cliInvocation = (): string => invocation;

/** The command line's words, each a text ready to print. */
export interface Words {
  help: string;
  usageHint: string;
  usage(p: UsageProblem): string;
  unreachable(account: string, message: string): string;
  unexpected(message: string, log: string): string;
  nothingReady: string;
  noneReady(count: number): string;
  started(count: number): string;
  notStarted(title: string, why: string): string;
  /** A job of this command that another desk runs (or whose claim this desk waits out). */
  otherDesk(state: string, desk: string): string;
  /** A request for approval made instead of a job (issue 37.4). */
  asked(requestId: string): string;
  imprintMissing(account: string): string;
  imprintSet(account: string, file: string): string;
  imprintFile(file: string, why: string): string;
  imprintEmpty(file: string): string;
  leftOut(title: string, why: string): string;
  leftOutMore(count: number): string;
  untitled: string;
  queued: string;
  waiting(why: string): string;
  published(adId: number | null): string;
  rejected(reason: string | null): string;
  failed(why: string): string;
  cancelled: string;
  superseded: string;
  photosProgress(done: number, total: number): string;
  summary(live: number, failed: number, open: number): string;
  gaveUpWaiting(minutes: number): string;
  interrupted: string;
  noJobs: string;
  noListings: string;
  listingsStale(when: string | null, message: string): string;
  jobsHeader: string[];
  listingsHeader: string[];
  imported(created: number, refused: number, photos: number, files: boolean): string;
  importProgress(phase: string, done: number, total: number): string;
  refusedRow(where: string, problems: string): string;
  row(index: number): string;
  photoRefused(name: string, message: string): string;
  undoHint(id: string): string;
  cannotImport(file: string, why: string): string;
  exporting(kind: 'drafts' | 'listings', account: string): string;
  exported(file: string, rows: number, kind: 'drafts' | 'listings'): string;
  exportExists(file: string): string;
  exportFromMemory: string;
}

/** The usage problem's text; a list of names is joined here. */
function usageText(t: TFunction, p: UsageProblem): string {
  switch (p.problem) {
    case 'account-unknown':
      return t('usage.account-unknown', { name: p.name, names: p.names.join(', ') });
    case 'template-unknown':
      return p.names.length === 0
        ? t('usage.template-unknown-none', { name: p.name, account: p.account })
        : t('usage.template-unknown', { name: p.name, account: p.account, names: p.names.join(', ') });
    default:
      return t(`usage.${p.problem}`, { ...p });
  }
}

/** The words of `t` (the cli namespace in one language) in the shape the commands use. */
function wordsOf(t: TFunction): Words {
  return {
    // Read when printed: the packaged app names its program after these words were made.
    get help() {
      return t('help', { invocation });
    },
    get usageHint() {
      return t('usageHint', { invocation });
    },
    usage: (p) => usageText(t, p),
    unreachable: (account, message) => t('unreachable', { account, message }),
    unexpected: (message, log) => t('unexpected', { message, log }),
    nothingReady: t('nothingReady'),
    noneReady: (count) => t('noneReady', { count }),
    started: (count) => t('started', { count }),
    notStarted: (title, why) => t('notStarted', { title, why }),
    otherDesk: (state, desk) => t('otherDesk', { state, desk }),
    asked: (requestId) => t('asked', { requestId }),
    imprintMissing: (account) => t('imprintMissing', { account }),
    imprintSet: (account, file) => t('imprintSet', { account, file }),
    imprintFile: (file, why) => t('imprintFile', { file, why }),
    imprintEmpty: (file) => t('imprintEmpty', { file }),
    leftOut: (title, why) => t('leftOut', { title, why }),
    leftOutMore: (count) => t('leftOutMore', { count }),
    untitled: t('untitled'),
    queued: t('queued'),
    waiting: (why) => t('waiting', { why }),
    published: (adId) => (adId === null ? t('published') : t('publishedAd', { adId })),
    rejected: (reason) => (reason ? t('rejectedWhy', { reason }) : t('rejected')),
    failed: (why) => t('failed', { why }),
    cancelled: t('cancelled'),
    superseded: t('superseded'),
    photosProgress: (done, total) => t('photosProgress', { done, total }),
    summary: (live, failed, open) =>
      open > 0 ? t('summaryOpen', { live, failed, open }) : t('summary', { live, failed }),
    gaveUpWaiting: (minutes) => t('gaveUpWaiting', { minutes }),
    interrupted: t('interrupted'),
    noJobs: t('noJobs'),
    noListings: t('noListings'),
    listingsStale: (when, message) =>
      when ? t('listingsStaleSince', { when, message }) : t('listingsStale', { message }),
    jobsHeader: ['state', 'title', 'ad', 'draft', 'updated'].map((key) => t(`jobsHeader.${key}`)),
    listingsHeader: ['title', 'price', 'state', 'ad', 'listing'].map((key) => t(`listingsHeader.${key}`)),
    imported: (created, refused, photos, files) =>
      t('imported.line', {
        drafts: t('imported.drafts', { count: created }),
        refused: t(files ? 'imported.files' : 'imported.rows', { count: refused }),
        photos: t('imported.photos', { count: photos }),
      }),
    importProgress: (phase, done, total) =>
      t(phase === 'photos' ? 'importProgressPhotos' : 'importProgressDrafts', { done, total }),
    refusedRow: (where, problems) => t('refusedRow', { where, problems }),
    row: (index) => t('row', { index }),
    photoRefused: (name, message) => t('photoRefused', { name, message }),
    undoHint: (id) => t('undoHint', { id }),
    cannotImport: (file, why) => t('cannotImport', { file, why }),
    exporting: (kind, account) => t(kind === 'drafts' ? 'exportingDrafts' : 'exportingListings', { account }),
    exported: (file, rows, kind) =>
      t(kind === 'drafts' ? 'exportedDrafts' : 'exportedListings', { file, count: rows }),
    exportExists: (file) => t('exportExists', { file }),
    exportFromMemory: t('exportFromMemory'),
  };
}

const words: Record<UiLanguage, Words> = {
  en: wordsOf(wordsIn('en', 'cli')),
  de: wordsOf(wordsIn('de', 'cli')),
};

/** Why a job failed or waits, in the seller's words (the service's own title as a last resort). */
export function jobErrorText(error: PublishJobError, language: UiLanguage): string {
  const failure = {
    problem: error.problem,
    ...(error.operation !== undefined && { operation: error.operation }),
    ...(error.status !== undefined && { status: error.status }),
    ...(error.fields !== undefined && { fields: error.fields }),
    ...(error.likelyCause !== undefined && { likelyCause: error.likelyCause }),
  };
  return (
    serviceMessageLine(failure, language) ??
    (wordsIn(language, 'cli')(`jobProblem.${error.problem}`, { defaultValue: '' }) || undefined) ??
    [error.title, error.whatToDo].filter(Boolean).join('. ')
  );
}

/** The command line's words in `language`. */
export function cliWords(language: UiLanguage): Words {
  return words[language];
}

/** A job's state in words, e.g. "uploading photos 2/4" or "live (ad 1234)". */
export function jobStateText(job: PublishJobView, language: UiLanguage): string {
  const w = cliWords(language);
  if (job.supersededBy) return w.superseded;
  // What became of the ad after its job (issue 23.5): sold, paused, gone from the service…
  if (job.later && (job.state === 'published' || job.state === 'rejected'))
    return wordsIn(language, 'cli')(`later.${job.later.outcome}`, {
      adId: job.adId ?? '–',
      state: job.actualState ?? '–',
    });
  switch (job.state) {
    case 'queued':
      return w.queued;
    case 'running': {
      const step = wordsIn(language, 'cli')(`step.${job.step}`);
      if (job.step !== 'photos' || job.photos.length === 0) return step;
      const attached = job.photos.filter((photo) => photo.state === 'attached').length;
      return `${step} ${w.photosProgress(attached, job.photos.length)}`;
    }
    case 'waiting':
      return w.waiting(job.error ? jobErrorText(job.error, language) : '');
    case 'tracking':
      return wordsIn(language, 'cli')('step.live');
    case 'published':
      return w.published(job.adId);
    case 'rejected':
      return w.rejected(job.rejectionReason ?? job.actualState);
    case 'failed':
      return w.failed(job.error ? jobErrorText(job.error, language) : '');
    case 'cancelled':
      return w.cancelled;
  }
}

/** A row's problems in words, e.g. "no title; photo not found (a.jpg; looked for /x/a.jpg)". */
export { importProblemsText } from './import-words';
