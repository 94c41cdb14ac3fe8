// Everything the command line says, in English and German (the app's language setting, else the
// system's). Like notice-text.ts, main's few words live in a table here: main does not load i18next.
import type { PublishJobError, PublishJobView } from '../../shared/domain/publish-job';
import { serviceMessageLine } from '../../shared/service-messages';
import type { ImportProblem } from '../../shared/domain/import';
import type { UiLanguage } from '../../shared/i18n-language';
import type { UsageProblem } from './args';
import { helpDe, helpEn } from './help';

/** The exit codes, documented in --help and the README. */
export const EXIT = {
  ok: 0,
  /** Some items failed: a draft not published, an ad rejected, a row not imported. */
  someFailed: 1,
  usage: 2,
  /** Another process (the app, the web shell, another command) holds the data folder. */
  locked: 3,
  /** The listing service cannot be reached, or the account cannot sign in. */
  service: 4,
  /** Something unexpected; the log in the data folder has the details. */
  unexpected: 5,
  /** Stopped by Ctrl+C or SIGTERM. */
  interrupted: 130,
} as const;

const steps = {
  en: {
    imprint: 'imprint',
    listing: 'creating the ad',
    photos: 'uploading photos',
    order: 'ordering photos',
    publication: 'publishing',
    live: 'checking it is live',
  },
  de: {
    imprint: 'Impressum',
    listing: 'Anzeige anlegen',
    photos: 'Fotos hochladen',
    order: 'Fotos ordnen',
    publication: 'veröffentlichen',
    live: 'prüfen, ob sie online ist',
  },
} as const;

const importProblems = {
  en: {
    'missing-title': 'no title',
    'bad-price': 'price cannot be read',
    'photo-not-found': 'photo not found',
    'photo-glob-empty': 'no photo matches',
    'category-numeric': 'category given as numbers, please check',
    'fields-not-imported': 'fields not imported',
    'unreadable-file': 'file cannot be read',
    'not-an-ad': 'not an ad file',
    'inactive-ad': 'marked inactive',
    'empty-row': 'empty row',
    'bad-yes-no': 'not yes or no',
    'photo-twice': 'photo named twice',
  },
  de: {
    'missing-title': 'kein Titel',
    'bad-price': 'Preis nicht lesbar',
    'photo-not-found': 'Foto nicht gefunden',
    'photo-glob-empty': 'kein Foto passt',
    'category-numeric': 'Kategorie als Zahlen angegeben, bitte prüfen',
    'fields-not-imported': 'Felder nicht übernommen',
    'unreadable-file': 'Datei nicht lesbar',
    'not-an-ad': 'keine Anzeigendatei',
    'inactive-ad': 'als inaktiv markiert',
    'empty-row': 'leere Zeile',
    'bad-yes-no': 'weder ja noch nein',
    'photo-twice': 'Foto doppelt genannt',
  },
} as const;

const en = {
  help: helpEn,
  usageHint: 'See npm run -s cli -- --help.',
  usage(p: UsageProblem): string {
    switch (p.problem) {
      case 'options':
        return `The options cannot be read: ${p.detail}`;
      case 'unknown-command':
        return `There is no command "${p.name}".`;
      case 'data-dir-empty':
        return '--data-dir needs a folder.';
      case 'data-dir-missing':
        return `There is no data folder ${p.dir}. Start Listing Desk once, or name the folder it uses (Settings → About).`;
      case 'wait':
        return `--wait takes whole minutes (0 = no limit), not "${p.value}".`;
      case 'not-with':
        return `${p.flag} does not go with ${p.command}.`;
      case 'import-one':
        return 'import takes one file or folder.';
      case 'export-one':
        return 'export takes one file.';
      case 'export-type':
        return `export writes .csv or .xlsx files, not "${p.file}".`;
      case 'publish-what':
        return 'publish takes either --ready or the ids of the drafts to publish.';
      case 'not-an-id':
        return `"${p.id}" is not a draft id.`;
      case 'no-arguments':
        return `${p.command} takes no arguments.`;
      case 'account-unknown':
        return `There is no account "${p.name}". Accounts: ${p.names.join(', ')}.`;
      case 'template-unknown':
        return p.names.length === 0
          ? `The account ${p.account} has no template "${p.name}" (it has no templates yet; save one from a draft in the app).`
          : `The account ${p.account} has no template "${p.name}". Its templates: ${p.names.join(', ')}.`;
      case 'not-available':
        return `${p.command} is not available in this version.`;
    }
  },
  unreachable: (account: string, message: string) =>
    `The account "${account}" cannot reach the listing service: ${message}`,
  unexpected: (message: string, log: string) =>
    `Something unexpected went wrong: ${message} (details in ${log})`,
  nothingReady: 'No draft is ready to publish.',
  started: (count: number) => `Publishing ${count} ${count === 1 ? 'draft' : 'drafts'}…`,
  notStarted: (title: string, why: string) => `${title}: not started: ${why}`,
  untitled: 'Untitled draft',
  queued: 'waiting its turn',
  waiting: (why: string) => `waiting to try again (${why})`,
  published: (adId: number | null) => (adId === null ? 'live' : `live (ad ${adId})`),
  rejected: (reason: string | null) => (reason ? `rejected: ${reason}` : 'rejected'),
  failed: (why: string) => `failed: ${why}`,
  cancelled: 'cancelled',
  superseded: 'taken over by a later job',
  photosProgress: (done: number, total: number) => `${done}/${total}`,
  summary: (live: number, failed: number, open: number) =>
    `${live} live, ${failed} not published${open > 0 ? `, ${open} still on their way` : ''}.`,
  gaveUpWaiting: (minutes: number) =>
    `Stopped waiting after ${minutes} min; the jobs still on their way continue the next time Listing Desk or this command starts.`,
  interrupted: 'Stopped. Jobs under way continue the next time Listing Desk or this command starts.',
  noJobs: 'No publish jobs.',
  noListings: 'No live listings.',
  listingsStale: (when: string | null, message: string) =>
    `The listings could not be read now (${message}); these are the last known${when ? ` from ${when}` : ''}.`,
  jobsHeader: ['State', 'Title', 'Ad', 'Draft', 'Updated'],
  listingsHeader: ['Title', 'Price', 'State', 'Ad', 'Listing'],
  imported: (created: number, refused: number, photos: number, files: boolean) =>
    `${created} ${created === 1 ? 'draft' : 'drafts'} created, ${refused} ${files ? (refused === 1 ? 'ad file' : 'ad files') : refused === 1 ? 'row' : 'rows'} not imported, ${photos} ${photos === 1 ? 'photo' : 'photos'} added.`,
  importProgress: (phase: string, done: number, total: number) =>
    `${phase === 'photos' ? 'photos' : 'drafts'} ${done}/${total}`,
  refusedRow: (where: string, problems: string) => `${where}: not imported: ${problems}`,
  row: (index: number) => `row ${index}`,
  photoRefused: (name: string, message: string) => `photo ${name} not taken: ${message}`,
  undoHint: (id: string) => `The whole import can be undone in the app (import ${id}).`,
  cannotImport: (file: string, why: string) => `${file} cannot be imported: ${why}`,
  exporting: (kind: 'drafts' | 'listings', account: string) =>
    `Exporting the ${kind === 'drafts' ? 'drafts' : 'live listings'} of the account "${account}"…`,
  exported: (file: string, rows: number, kind: 'drafts' | 'listings') =>
    `Written to ${file}: ${rows} ${kind === 'drafts' ? (rows === 1 ? 'draft' : 'drafts') : rows === 1 ? 'listing' : 'listings'}.`,
  exportExists: (file: string) => `${file} exists already; add --replace to overwrite it.`,
  exportFromMemory: 'The listing service could not be read now: the file holds the last known listings.',
};

type Words = typeof en;

const de: Words = {
  help: helpDe,
  usageHint: 'Siehe npm run -s cli -- --help.',
  usage(p: UsageProblem): string {
    switch (p.problem) {
      case 'options':
        return `Die Optionen sind nicht lesbar: ${p.detail}`;
      case 'unknown-command':
        return `Einen Befehl „${p.name}“ gibt es nicht.`;
      case 'data-dir-empty':
        return '--data-dir braucht einen Ordner.';
      case 'data-dir-missing':
        return `Einen Datenordner ${p.dir} gibt es nicht. Starten Sie Listing Desk einmal, oder nennen Sie den Ordner, den es verwendet (Einstellungen → Über Listing Desk).`;
      case 'wait':
        return `--wait nimmt ganze Minuten (0 = ohne Grenze), nicht „${p.value}“.`;
      case 'not-with':
        return `${p.flag} passt nicht zu ${p.command}.`;
      case 'import-one':
        return 'import nimmt eine Datei oder einen Ordner.';
      case 'export-one':
        return 'export nimmt eine Datei.';
      case 'export-type':
        return `export schreibt .csv- oder .xlsx-Dateien, nicht „${p.file}“.`;
      case 'publish-what':
        return 'publish nimmt entweder --ready oder die IDs der Entwürfe.';
      case 'not-an-id':
        return `„${p.id}“ ist keine Entwurfs-ID.`;
      case 'no-arguments':
        return `${p.command} nimmt keine Argumente.`;
      case 'account-unknown':
        return `Ein Konto „${p.name}“ gibt es nicht. Konten: ${p.names.join(', ')}.`;
      case 'template-unknown':
        return p.names.length === 0
          ? `Das Konto ${p.account} hat keine Vorlage „${p.name}“ (es hat noch keine Vorlagen; speichern Sie eine aus einem Entwurf in der App).`
          : `Das Konto ${p.account} hat keine Vorlage „${p.name}“. Seine Vorlagen: ${p.names.join(', ')}.`;
      case 'not-available':
        return `${p.command} gibt es in dieser Version noch nicht.`;
    }
  },
  unreachable: (account, message) => `Das Konto „${account}“ erreicht den Anzeigendienst nicht: ${message}`,
  unexpected: (message, log) => `Etwas Unerwartetes ist schiefgegangen: ${message} (Einzelheiten in ${log})`,
  nothingReady: 'Kein Entwurf ist fertig zum Veröffentlichen.',
  started: (count) => `${count} ${count === 1 ? 'Entwurf wird' : 'Entwürfe werden'} veröffentlicht…`,
  notStarted: (title, why) => `${title}: nicht gestartet: ${why}`,
  untitled: 'Entwurf ohne Titel',
  queued: 'wartet, bis er dran ist',
  waiting: (why) => `wartet auf den nächsten Versuch (${why})`,
  published: (adId) => (adId === null ? 'online' : `online (Anzeige ${adId})`),
  rejected: (reason) => (reason ? `abgelehnt: ${reason}` : 'abgelehnt'),
  failed: (why) => `fehlgeschlagen: ${why}`,
  cancelled: 'abgebrochen',
  superseded: 'von einem späteren Auftrag übernommen',
  photosProgress: (done, total) => `${done}/${total}`,
  summary: (live, failed, open) =>
    `${live} online, ${failed} nicht veröffentlicht${open > 0 ? `, ${open} noch unterwegs` : ''}.`,
  gaveUpWaiting: (minutes) =>
    `Nach ${minutes} Min. nicht länger gewartet; die Aufträge, die noch unterwegs sind, gehen beim nächsten Start von Listing Desk oder dieses Befehls weiter.`,
  interrupted:
    'Abgebrochen. Laufende Aufträge gehen beim nächsten Start von Listing Desk oder dieses Befehls weiter.',
  noJobs: 'Keine Veröffentlichungsaufträge.',
  noListings: 'Keine Live-Anzeigen.',
  listingsStale: (when, message) =>
    `Die Anzeigen sind gerade nicht lesbar (${message}); dies ist der letzte bekannte Stand${when ? ` vom ${when}` : ''}.`,
  jobsHeader: ['Stand', 'Titel', 'Anzeige', 'Entwurf', 'Geändert'],
  listingsHeader: ['Titel', 'Preis', 'Stand', 'Anzeige', 'Listing'],
  imported: (created, refused, photos, files) =>
    `${created} ${created === 1 ? 'Entwurf' : 'Entwürfe'} angelegt, ${refused} ${files ? (refused === 1 ? 'Anzeigendatei' : 'Anzeigendateien') : refused === 1 ? 'Zeile' : 'Zeilen'} nicht übernommen, ${photos} ${photos === 1 ? 'Foto' : 'Fotos'} hinzugefügt.`,
  importProgress: (phase, done, total) => `${phase === 'photos' ? 'Fotos' : 'Entwürfe'} ${done}/${total}`,
  refusedRow: (where, problems) => `${where}: nicht übernommen: ${problems}`,
  row: (index) => `Zeile ${index}`,
  photoRefused: (name, message) => `Foto ${name} nicht übernommen: ${message}`,
  undoHint: (id) => `Der ganze Import lässt sich in der App rückgängig machen (Import ${id}).`,
  cannotImport: (file, why) => `${file} lässt sich nicht importieren: ${why}`,
  exporting: (kind, account) =>
    `Die ${kind === 'drafts' ? 'Entwürfe' : 'Live-Anzeigen'} des Kontos „${account}“ werden exportiert…`,
  exported: (file, rows, kind) =>
    `Geschrieben nach ${file}: ${rows} ${kind === 'drafts' ? (rows === 1 ? 'Entwurf' : 'Entwürfe') : rows === 1 ? 'Anzeige' : 'Anzeigen'}.`,
  exportExists: (file) => `${file} gibt es schon; mit --replace wird die Datei ersetzt.`,
  exportFromMemory:
    'Der Anzeigendienst war gerade nicht lesbar: die Datei enthält die zuletzt bekannten Anzeigen.',
};

// The engine's own problems and the client's commonest, in the seller's words; a refusal of the
// service is worded by shared/service-messages (by operation and status).
const jobProblems: Record<UiLanguage, Record<string, string>> = {
  en: {
    'not-publishable': 'The draft is not complete yet. Open it in Listing Desk and fix what it names.',
    'photo-missing': 'A photo file of the draft is missing. Add the photo again.',
    'publication-unknown':
      'It is unclear whether the ad went online. Look on the marketplace before publishing it again.',
    'listing-ambiguous': 'More than one ad carries this draft. Look on the marketplace which one is right.',
    'listing-gone': 'The ad was removed on the service.',
    'publication-gone': 'The publication was removed on the service.',
    'already-on-service': 'The draft is online already; publishing it again would make a second ad.',
    'account-missing': "The draft's account no longer exists. Move the draft to another account.",
    internal: 'Something unexpected went wrong; the log has the details.',
    unreachable: 'The listing service cannot be reached. Check the connection; it is tried again.',
    timeout: 'The listing service did not answer in time; it is tried again.',
    unauthorized: 'The account cannot sign in. Check its client ID and secret in Settings.',
    'missing-secret': 'The account has no client secret. Enter it in Settings.',
  },
  de: {
    'not-publishable':
      'Der Entwurf ist noch nicht vollständig. Öffnen Sie ihn in Listing Desk und beheben Sie, was er nennt.',
    'photo-missing': 'Eine Fotodatei des Entwurfs fehlt. Fügen Sie das Foto erneut hinzu.',
    'publication-unknown':
      'Unklar, ob die Anzeige online ging. Sehen Sie auf dem Marktplatz nach, bevor Sie erneut veröffentlichen.',
    'listing-ambiguous':
      'Mehr als eine Anzeige gehört zu diesem Entwurf. Sehen Sie auf dem Marktplatz nach, welche die richtige ist.',
    'listing-gone': 'Die Anzeige wurde beim Dienst entfernt.',
    'publication-gone': 'Die Veröffentlichung wurde beim Dienst entfernt.',
    'already-on-service': 'Der Entwurf ist schon online; erneut veröffentlichen ergäbe eine zweite Anzeige.',
    'account-missing':
      'Das Konto des Entwurfs gibt es nicht mehr. Verschieben Sie den Entwurf in ein anderes Konto.',
    internal: 'Etwas Unerwartetes ist schiefgegangen; Einzelheiten stehen im Protokoll.',
    unreachable:
      'Der Anzeigendienst ist nicht erreichbar. Prüfen Sie die Verbindung; es wird erneut versucht.',
    timeout: 'Der Anzeigendienst hat nicht rechtzeitig geantwortet; es wird erneut versucht.',
    unauthorized: 'Das Konto kann sich nicht anmelden. Prüfen Sie Client-ID und Secret in den Einstellungen.',
    'missing-secret':
      'Für das Konto ist kein Client-Secret gespeichert. Tragen Sie es in den Einstellungen ein.',
  },
};

/** Why a job failed or waits, in the seller's words (the service's own title as a last resort). */
export function jobErrorText(error: PublishJobError, language: UiLanguage): string {
  const failure = {
    problem: error.problem,
    ...(error.operation !== undefined && { operation: error.operation }),
    ...(error.status !== undefined && { status: error.status }),
    ...(error.fields !== undefined && { fields: error.fields }),
  };
  return (
    serviceMessageLine(failure, language) ??
    jobProblems[language][error.problem] ??
    [error.title, error.whatToDo].filter(Boolean).join('. ')
  );
}

/** The command line's words in `language`. */
export function cliWords(language: UiLanguage): Words {
  return language === 'de' ? de : en;
}

/** A job's state in words, e.g. "uploading photos 2/4" or "live (ad 1234)". */
export function jobStateText(job: PublishJobView, language: UiLanguage): string {
  const w = cliWords(language);
  if (job.supersededBy) return w.superseded;
  switch (job.state) {
    case 'queued':
      return w.queued;
    case 'running': {
      const step = steps[language][job.step];
      if (job.step !== 'photos' || job.photos.length === 0) return step;
      const attached = job.photos.filter((photo) => photo.state === 'attached').length;
      return `${step} ${w.photosProgress(attached, job.photos.length)}`;
    }
    case 'waiting':
      return w.waiting(job.error ? jobErrorText(job.error, language) : '');
    case 'tracking':
      return steps[language].live;
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

/** A row's problems in words, e.g. "no title; photo not found (a.jpg)". */
export function importProblemsText(problems: readonly ImportProblem[], language: UiLanguage): string {
  return problems
    .map((problem) => {
      const words = importProblems[language][problem.code];
      const what = problem.value ?? problem.names?.join(', ');
      return what ? `${words} (${what})` : words;
    })
    .join('; ');
}
