// Entry of the command line: `npm run -s cli -- <command> [arguments] [options]` (see --help and
// words/words.ts for the exit codes). It opens the same back end as the app (createApp with the web
// shell's ports) on the data folder, which it holds for the run like the app does: one process at
// a time.
import path from 'node:path';
import { version } from '../../../package.json';
import type { DeskRole } from '../../shared/ipc/contract-shop';
import { createApp, type App } from '../app';
import { createLog, parseLogLevel, type AppLog } from '../log/create-log';
import { logProcessFailures } from '../log/process-failures';
import { defaultDataDir, systemLocale } from '../system/paths';
import { openSecretStore } from '../secrets/keytar-store';
import type { DataLock } from '../storage/data-lock';
import { takeDataFolder } from '../storage/take-data-folder';
import { confStoreFactory } from '../storage/store-factory';
import { resolveLanguage, type UiLanguage } from '../../shared/i18n-language';
import type { Settings } from '../../shared/ipc/types';
import { parseCliArgs, UsageError, type CliArgs, type CommandName } from './args';
import {
  accountsImprintCommand,
  accountsDefaultsCommand,
  accountsListCommand,
  accountsTestCommand,
  accountsAddCommand,
} from './accounts';
import { exportCommand, importCommand } from './tables';
import {
  prepareDataFolder,
  type DataFolderOutcome,
  CallFailed,
  ExitWith,
  openSession,
  type Output,
  type Session,
} from './session';
import { activityCommand } from './activity';
import { listingsCommand, statusCommand, publishCommand, scheduleCommand, workerCommand } from './publishing';
import {
  feedAddCommand,
  feedEditCommand,
  feedListCommand,
  feedRemoveCommand,
  feedPlanCommand,
  feedRunCommand,
} from './feeds';
import {
  shopAddDeskCommand,
  shopDesksCommand,
  shopRoleCommand,
  shopInitCommand,
  shopJoinCommand,
  shopLeaveCommand,
  shopStatusCommand,
  undoRefusedJoin,
  catchUpWithShop,
  sendToShop,
} from './shop';
import {
  categoriesCommand,
  categoriesMapCommand,
  categoriesMappingsCommand,
  categoriesUnmapCommand,
  categoriesUnmappedCommand,
} from './catalog';
import {
  approvalsApproveCommand,
  approvalsAskCommand,
  approvalsListCommand,
  approvalsRuleCommand,
  approvalsRulesCommand,
  approvalsSendBackCommand,
} from './approvals';
import { cliWords, EXIT, nameInvocation } from './words';
import { isEntryPoint } from './entry-point';
import type { Log } from '../log/log';
import type { PlanChild } from '../feeds/plan-child';
import { nodePlanChild } from '../feeds/plan-child-node';
import { wordsIn } from '../i18n';

/** Writes and resolves once the text is handed over (stdout may be a pipe a scheduler reads). */
function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text.endsWith('\n') ? text : `${text}\n`, () => resolve()));
}

const pending: Promise<void>[] = [];
const output: Output = {
  out: (text) => void pending.push(write(process.stdout, text)),
  err: (text) => void pending.push(write(process.stderr, text)),
};

async function run(argv: string[], stopped: () => boolean): Promise<number> {
  const locale = systemLocale();
  let language: UiLanguage = resolveLanguage('system', locale);
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const w = cliWords(language);
    output.err(`${w.usage(error.usage)}\n${w.usageHint}`);
    return EXIT.usage;
  }
  if (args.command === 'help') {
    output.out(cliWords(language).help);
    return EXIT.ok;
  }
  // shop init and add-desk work on the shop's database alone: no data folder, no desk.
  if (args.command === 'shop' && args.shopAction === 'init')
    return shopInitCommand(output, language, args.operands[0]!);
  if (args.command === 'shop' && args.shopAction === 'add-desk')
    return shopAddDeskCommand(output, language, args.operands[0]!, args.owner!);
  if (args.command === 'shop' && args.shopAction === 'role')
    return shopRoleCommand(output, language, args.operands[0]!, args.operands[1] as DeskRole, args.owner!);
  const dataDir = path.resolve(args.dataDir ?? defaultDataDir());
  // The catalog is read alone: no back end, no lock (issue 33.7). The mappings are the data
  // folder's (and the shop's): those commands run on the back end like the others (issue 34.4).
  if (args.command === 'categories' && (args.categoryAction === 'search' || args.categoryAction === 'show'))
    return categoriesCommand(output, args, dataDir, locale, language);
  const joining = args.command === 'shop' && args.shopAction === 'join';
  const adding = (args.command === 'accounts' && args.action === 'add') || joining;
  const feedAdding = args.command === 'feed' && args.feedAction === 'add';
  // The keychain first: `accounts add` without one refuses before anything is made or written.
  const secretStore = await openSecretStore();
  if (adding && secretStore.status.mode !== 'keychain') {
    const why = { why: secretStore.status.reason };
    output.err(
      joining ? wordsIn(language, 'shop')('noKeychain', why) : wordsIn(language, 'cli')('noKeychain', why),
    );
    return EXIT.noKeychain;
  }
  let folder: DataFolderOutcome = 'existing';
  try {
    // Commands that set a desk up start in a new folder as the app's first start does.
    folder = prepareDataFolder(dataDir, args.command === 'import' || adding || feedAdding);
    if (folder !== 'existing') output.err(wordsIn(language, 'cli')('dataDirCreated', { dir: dataDir }));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(cliWords(language).usage(error.usage));
    return EXIT.usage;
  }
  let refusal: string | undefined;
  let log: AppLog | undefined;
  const lock: DataLock | undefined = await takeDataFolder(dataDir, 'cli', {
    locale,
    refused: (message) => (refusal = message),
    // A holder on another computer that may be gone: said on stderr while it is waited for.
    waiting: (message) => output.err(message),
    lost(message) {
      // Two processes must never write to one folder: this one stops, saying why.
      output.err(message);
      log?.error(message);
      log?.close();
      process.exit(EXIT.locked);
    },
  });
  if (!lock) {
    output.err(refusal!);
    return EXIT.locked;
  }
  let app: App | undefined;
  try {
    log = createLog({
      dataDir,
      name: 'listing-desk cli',
      level: parseLogLevel(process.env.LISTING_DESK_LOG_LEVEL),
      stderr: args.verbose ? process.stderr : false,
    });
    const appLog = log;
    logProcessFailures(process, appLog, () => {
      appLog.close();
      lock.release();
      process.exit(EXIT.unexpected);
    });
    log.info(`Listing Desk ${version} command line: ${args.command}`, {
      dataDir,
      ...(folder !== 'existing' && { created: true }),
    });
    const openApp = () =>
      createApp(
        // What is due runs in `worker` alone: another command must not publish on the side.
        { shell: 'web', dataDir, version, systemLocale: locale, automation: { run: false } },
        { storeFactory: confStoreFactory, secretStore, log: appLog, planChild: startPlanChild(appLog) },
      );
    app = await openApp();
    const settings = (await app.router.call('settings:get', undefined)) as { ok: boolean; value?: Settings };
    if (settings.ok && settings.value) language = resolveLanguage(settings.value.language, locale);
    // accounts test and defaults name their account as an argument, like --account.
    const accountName = args.command === 'accounts' ? args.operands[0] : args.account;
    const session = openSession(app, language, output, accountName, stopped);
    // The shop commands keep their own order with the database (join exchanges, leave works offline).
    const inShop = args.command !== 'shop';
    if (inShop) await catchUpWithShop(session, appLog);
    try {
      return await runCommand({ ...args, command: args.command }, session);
    } finally {
      if (inShop) await sendToShop(session, appLog);
    }
  } catch (error) {
    const w = cliWords(language);
    if (error instanceof UsageError) {
      output.err(`${w.usage(error.usage)}\n${w.usageHint}`);
      return EXIT.usage;
    }
    if (error instanceof ExitWith) {
      output.err(error.message);
      return error.code;
    }
    if (error instanceof CallFailed && error.error.code === 'service') {
      output.err(error.error.message);
      return EXIT.service;
    }
    log?.error(`The command ${args.command} failed`, error);
    output.err(w.unexpected(error instanceof Error ? error.message : String(error), log?.file ?? dataDir));
    return EXIT.unexpected;
  } finally {
    // Jobs stop where they stand (they continue at the next start); the drafts' last writes land.
    await app?.close().catch((error: unknown) => log?.error('Closing the back end failed', error));
    log?.close();
    lock.release();
    // A refused join leaves no desk behind: the folder it made for the join goes again.
    if (joining) await undoRefusedJoin(folder, dataDir, output, language);
  }
}

/** Runs the parsed command on the opened back end and returns its exit code. */
async function runCommand(args: CliArgs & { command: CommandName }, session: Session): Promise<number> {
  switch (args.command) {
    case 'publish':
      if (args.at !== undefined) return await scheduleCommand(session, args.operands, args.at);
      return await publishCommand(session, {
        ready: args.ready,
        ids: args.operands,
        waitMinutes: args.waitMinutes,
      });
    case 'worker':
      return await workerCommand(session, { once: args.once, waitMinutes: args.waitMinutes, stopSignal });
    case 'status':
      return await statusCommand(session, args.json, args.account !== undefined);
    case 'listings':
      return await listingsCommand(session, args.json);
    case 'import':
      return await importCommand(session, {
        source: args.operands[0]!,
        ...(args.photos !== undefined && { photos: args.photos }),
        ...(args.template !== undefined && { template: args.template }),
        duplicates: args.duplicates,
        keepCategories: args.keepCategories,
      });
    case 'export':
      return await exportCommand(session, {
        file: args.operands[0]!,
        listings: args.listings,
        replace: args.replace,
      });
    case 'accounts':
      switch (args.action) {
        case 'add':
          return await accountsAddCommand(session, args.operands[0]!, args.service!);
        case 'list':
          return await accountsListCommand(session, args.json);
        case 'test':
          return await accountsTestCommand(session);
        case 'defaults':
          return await accountsDefaultsCommand(session, args.defaults);
        case 'imprint':
          return await accountsImprintCommand(session, args.operands[0]!, args.operands[1]!);
      }
      throw new UsageError({ problem: 'accounts-what' });
    case 'shop':
      switch (args.shopAction) {
        case 'join':
          return await shopJoinCommand(session, args.operands[0]!, args.name);
        case 'status':
          return await shopStatusCommand(session, args.json);
        case 'leave':
          return await shopLeaveCommand(session);
        case 'desks':
          return await shopDesksCommand(session, args.json);
      }
      throw new UsageError({ problem: 'shop-what' });
    case 'approvals':
      switch (args.approvalAction) {
        case 'list':
          return await approvalsListCommand(session, args.json);
        case 'approve':
          return await approvalsApproveCommand(session, args.operands[0]!);
        case 'send-back':
          return await approvalsSendBackCommand(session, args.operands[0]!, args.note!);
        case 'rules':
          return await approvalsRulesCommand(session, args.json);
        case 'rule':
          return await approvalsRuleCommand(session, args.operands[0]!, args.operands[1]!, args.json);
        case 'ask':
          return await approvalsAskCommand(session, args.operands[0]!, args.liveAsk!);
      }
      throw new UsageError({ problem: 'approvals-what' });
    case 'feed':
      switch (args.feedAction) {
        case 'add':
          return await feedAddCommand(session, args.operands[0]!, args.operands[1]!, {
            ...args.feedAdd!,
            photos: args.photos,
            template: args.template,
          });
        case 'edit':
          return await feedEditCommand(session, args.operands[0]!, {
            ...args.feedEdit!,
            template: args.template,
          });
        case 'list':
          return await feedListCommand(session, args.json);
        case 'plan':
          return await feedPlanCommand(session, args.operands[0]!, args.json);
        case 'run':
          return await feedRunCommand(session, args.operands[0]!, args.json);
        case 'remove':
          return await feedRemoveCommand(session, args.operands[0]!);
      }
      throw new UsageError({ problem: 'feed-what' });
    case 'activity':
      return await activityCommand(session, args.since, args.json);
    case 'categories':
      switch (args.categoryAction) {
        case 'map':
          return await categoriesMapCommand(
            session,
            args.operands[0]!,
            args.operands[1]!,
            args.mapAttributes ?? {},
          );
        case 'unmap':
          return await categoriesUnmapCommand(session, args.operands[0]!);
        case 'mappings':
          return await categoriesMappingsCommand(session, args.json);
        case 'unmapped':
          return await categoriesUnmappedCommand(session, args.feed, args.json);
      }
      throw new UsageError({ problem: 'categories-what' });
    default:
      throw new UsageError({ problem: 'not-available', command: args.command });
  }
}

// Told once a stop is asked for: the worker gives back what it holds and ends.
let askStop = (): void => undefined;
const stopSignal = new Promise<void>((resolve) => (askStop = resolve));
let stopRequested = false;
let firstSignalAt = 0;
const onSignal = () => {
  // A library of the back end re-raises the signal it saw once its own cleanup is done: the same
  // signal again within a second is that echo, not the seller pressing Ctrl+C twice.
  const now = Date.now();
  if (stopRequested && now - firstSignalAt < 1_000) return;
  // A second Ctrl+C, or a command that does not stop by itself within 20 s: end now. The lock is
  // released on exit; jobs resume from their files at the next start.
  if (stopRequested) process.exit(EXIT.interrupted);
  stopRequested = true;
  askStop();
  firstSignalAt = now;
  setTimeout(() => process.exit(EXIT.interrupted), 20_000).unref();
};

/**
 * Runs one command (argv after the program name) and resolves with its exit code once everything
 * it printed is handed over, so that the caller may end the process at once. `invocation` is the
 * program's name in the help and hints (the packaged app's executable).
 */
/**
 * How a large feed's plan gets a process of its own (issue 35.8): Node's fork where the command line
 * runs under Node; the packaged app passes Electron's utility process (command-dispatch.ts).
 */
let startPlanChild: (log: Log) => PlanChild = (log) => nodePlanChild(log);

export async function runCommandLine(
  argv: string[],
  invocation?: string,
  planChild?: (log: Log) => PlanChild,
): Promise<number> {
  if (invocation) nameInvocation(invocation);
  if (planChild) startPlanChild = planChild;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let code = await run(argv, () => stopRequested).catch((error: unknown) => {
    output.err(
      `[listing-desk cli] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return EXIT.unexpected;
  });
  if (stopRequested && code === EXIT.ok) code = EXIT.interrupted;
  await Promise.all(pending);
  return code;
}

// `npm run cli` starts this file; the packaged app's main process imports it and runs the command
// itself (shells/electron/command-dispatch.ts), so importing it must not start one.
if (isEntryPoint(import.meta.url, process.argv[1]))
  void runCommandLine(process.argv.slice(2)).then((code) => process.exit(code));
