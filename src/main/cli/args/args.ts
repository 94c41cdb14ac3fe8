// The command line's words: `<command> [arguments] [options]`, parsed without side effects so that
// a usage error is told before the data folder is opened.
import { parseArgs } from 'node:util';
import { draftIdSchema } from '../../../shared/domain/drafts';
import type { AccountDefaults } from '../../../shared/ipc/types';
import {
  accountActions,
  commands,
  type AccountAction,
  type CategoryAction,
  type CommandName,
  type FeedAction,
  type ShopAction,
  type ApprovalAction,
} from './command-words';
import { shopArgs } from './shop-args';
import { approvalsArgs, type CliLiveAsk } from './approvals-args';
import { feedArgs, priceRuleFlags, type FeedAddOptions, type FeedEditOptions } from './feed-args';
import { categoriesArgs } from './categories-args';
import { UsageError } from './usage';

/** The options of `accounts defaults` and the default each one sets. */
export const defaultOptions = {
  email: 'email',
  phone: 'phoneNumber',
  contact: 'contactPerson',
  street: 'street',
  city: 'city',
  district: 'district',
  'postal-code': 'postalCode',
  radius: 'availabilityRadiusInKm',
} as const satisfies Record<string, keyof AccountDefaults>;
type DefaultOption = keyof typeof defaultOptions;

export interface CliArgs {
  command: CommandName | 'help';
  /** Positional arguments after the command (a file, draft ids). */
  operands: string[];
  dataDir?: string;
  account?: string;
  photos?: string;
  /** import: the account's template (name or id) each draft starts from. */
  template?: string;
  /** import: what becomes of rows that look like a draft already (same title and price, no reference). */
  duplicates: 'skip' | 'import';
  /** import: keep shop categories no mapping serves as typed (issue 34.3). */
  keepCategories: boolean;
  json: boolean;
  ready: boolean;
  verbose: boolean;
  /** export: the live listings instead of the drafts. */
  listings: boolean;
  /** export: replace the file if it exists. */
  replace: boolean;
  /** publish: how long to wait for the jobs to settle, in minutes (0: no limit). */
  waitMinutes: number;
  /** accounts: the action; its NAME is operands[0]. */
  action?: AccountAction;
  /** accounts add: the account's addresses and client id, as typed. */
  service?: { authUrl: string; baseUrl: string; clientId: string };
  /** accounts defaults: the defaults given (none: print them). */
  defaults: Partial<AccountDefaults>;
  /** shop: the action; init and join take the database's URL as operands[0]. */
  shopAction?: ShopAction;
  /** approvals: the action; approve and send-back take the request's id as operands[0] (issue 37.4). */
  approvalAction?: ApprovalAction;
  /** approvals send-back: the note the asking desk sees. */
  note?: string;
  /** approvals ask: what is asked for the live ad operands[0] (issue 37.4). */
  liveAsk?: CliLiveAsk;
  /** shop join: this desk's name in the shop. */
  name?: string;
  /** shop add-desk: the owner's address the login is made with (the login's NAME is operands[0]). */
  owner?: string;
  /** publish: the time to publish at (issue 25.8), as typed; checked when scheduling. */
  at?: string;
  /** activity: the oldest time shown (ISO 8601, a date, or 7d / 12h back from now). */
  since?: string;
  /** worker: do what is due now, then end. */
  once: boolean;
  /** feed: the action; its NAME is operands[0] (and add's SOURCE operands[1]). */
  feedAction?: FeedAction;
  /** feed add: its options. */
  feedAdd?: FeedAddOptions;
  /** feed edit: the options given. */
  feedEdit?: FeedEditOptions;
  /**
   * categories: the action; search's WORDS, show's PATH or unmap's SHOP CATEGORY is operands[0];
   * map's SHOP CATEGORY and PATH are operands[0] and [1] (issues 33.7, 34.4).
   */
  categoryAction?: CategoryAction;
  /** categories map: the default attributes given with --attr KEY=VALUE. */
  mapAttributes?: Record<string, string>;
  /** categories unmapped: the feed whose source is read (--feed NAME). */
  feed?: string;
}

const DEFAULT_WAIT_MINUTES = 30;

/** Parses argv (after the program name); throws UsageError. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'data-dir': { type: 'string' },
        account: { type: 'string' },
        photos: { type: 'string' },
        template: { type: 'string' },
        duplicates: { type: 'string' },
        'keep-categories': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        ready: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        listings: { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        wait: { type: 'string' },
        at: { type: 'string' },
        since: { type: 'string' },
        once: { type: 'boolean', default: false },
        'auth-url': { type: 'string' },
        'base-url': { type: 'string' },
        'client-id': { type: 'string' },
        name: { type: 'string' },
        owner: { type: 'string' },
        note: { type: 'string' },
        // approvals ask (issue 37.4).
        price: { type: 'string' },
        pause: { type: 'boolean', default: false },
        resume: { type: 'boolean', default: false },
        end: { type: 'string' },
        // feed add (issue 25.8).
        reference: { type: 'string' },
        stock: { type: 'string' },
        publish: { type: 'boolean', default: false },
        gone: { type: 'string' },
        every: { type: 'string' },
        // feed add and edit: a shop export's choices, private addresses, the valve's share (issue 35).
        variants: { type: 'string' },
        details: { type: 'string' },
        'allow-private-addresses': { type: 'boolean', default: false },
        'max-share': { type: 'string' },
        // feed add's price rule (issue 25.5).
        lower: { type: 'string' },
        'every-days': { type: 'string' },
        floor: { type: 'string' },
        steps: { type: 'string' },
        round: { type: 'string' },
        // categories map and unmapped (issue 34.4).
        attr: { type: 'string', multiple: true },
        feed: { type: 'string' },
        // Only to refuse it by name: a secret on the command line lands in the shell's history.
        secret: { type: 'string' },
        'client-secret': { type: 'string' },
        ...Object.fromEntries(Object.keys(defaultOptions).map((flag) => [flag, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError({
      problem: 'options',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  const { values, positionals } = parsed;
  const [first, ...operands] = positionals;
  const base = {
    operands,
    json: values.json,
    ready: values.ready,
    verbose: values.verbose,
    listings: values.listings,
    replace: values.replace,
    once: values.once,
    waitMinutes: DEFAULT_WAIT_MINUTES,
    duplicates: 'skip' as 'skip' | 'import',
    keepCategories: values['keep-categories'],
    defaults: {} as Partial<AccountDefaults>,
    ...(values['data-dir'] !== undefined && { dataDir: values['data-dir'] }),
    ...(values.account !== undefined && { account: values.account }),
    ...(values.photos !== undefined && { photos: values.photos }),
    ...(values.template !== undefined && { template: values.template }),
    ...(values.at !== undefined && { at: values.at }),
  };
  if (values.secret !== undefined || values['client-secret'] !== undefined)
    throw new UsageError({ problem: 'secret-argument' });
  if (values.help || first === undefined || first === 'help') return { ...base, command: 'help' };
  if (!(commands as readonly string[]).includes(first))
    throw new UsageError({ problem: 'unknown-command', name: first });
  const command = first as CommandName;
  if (values['data-dir'] !== undefined && values['data-dir'].trim() === '')
    throw new UsageError({ problem: 'data-dir-empty' });
  if (values.wait !== undefined) {
    if (!/^\d+$/.test(values.wait)) throw new UsageError({ problem: 'wait', value: values.wait });
    base.waitMinutes = Number(values.wait);
  }
  if (values.duplicates !== undefined) {
    if (values.duplicates !== 'skip' && values.duplicates !== 'import')
      throw new UsageError({ problem: 'duplicates', value: values.duplicates });
    base.duplicates = values.duplicates;
  }
  const only = (flag: string, allowed: readonly CommandName[], given: boolean) => {
    if (given && !allowed.includes(command)) throw new UsageError({ problem: 'not-with', flag, command });
  };
  only('--ready', ['publish'], values.ready);
  // The catalog is the same for every account: --account would mean nothing here.
  only(
    '--account',
    commands.filter((c) => c !== 'categories'),
    values.account !== undefined,
  );
  only(
    '--json',
    ['status', 'listings', 'accounts', 'shop', 'feed', 'categories', 'activity', 'approvals'],
    values.json,
  );
  only('--since', ['activity'], values.since !== undefined);
  only('--note', ['approvals'], values.note !== undefined);
  only('--price', ['approvals'], values.price !== undefined);
  only('--pause', ['approvals'], values.pause);
  only('--resume', ['approvals'], values.resume);
  only('--end', ['approvals'], values.end !== undefined);
  only('--name', ['shop'], values.name !== undefined);
  only('--attr', ['categories'], (values.attr?.length ?? 0) > 0);
  only('--feed', ['categories'], values.feed !== undefined);
  only('--owner', ['shop'], values.owner !== undefined);
  only('--photos', ['import', 'feed'], values.photos !== undefined);
  only('--template', ['import', 'feed'], values.template !== undefined);
  for (const flag of [
    'reference',
    'stock',
    'gone',
    'every',
    'variants',
    'details',
    'max-share',
    ...priceRuleFlags,
  ] as const)
    only(`--${flag}`, ['feed'], values[flag] !== undefined);
  only('--allow-private-addresses', ['feed'], values['allow-private-addresses']);
  only('--publish', ['feed'], values.publish);
  only('--duplicates', ['import'], values.duplicates !== undefined);
  only('--keep-categories', ['import'], values['keep-categories']);
  only('--wait', ['publish', 'worker'], values.wait !== undefined);
  only('--at', ['publish'], values.at !== undefined);
  only('--once', ['worker'], values.once);
  only('--listings', ['export'], values.listings);
  only('--replace', ['export'], values.replace);
  const setup = { '--auth-url': 'auth-url', '--base-url': 'base-url', '--client-id': 'client-id' } as const;
  for (const [flag, key] of Object.entries(setup)) only(flag, ['accounts'], values[key] !== undefined);
  for (const flag of Object.keys(defaultOptions))
    only(`--${flag}`, ['accounts'], (values as Record<string, unknown>)[flag] !== undefined);
  switch (command) {
    case 'import':
      if (operands.length !== 1) throw new UsageError({ problem: 'import-one' });
      break;
    case 'export':
      if (operands.length !== 1) throw new UsageError({ problem: 'export-one' });
      if (!/\.(csv|xlsx)$/i.test(operands[0]!))
        throw new UsageError({ problem: 'export-type', file: operands[0]! });
      break;
    case 'publish': {
      if (values.ready === operands.length > 0) throw new UsageError({ problem: 'publish-what' });
      if (values.ready && values.at !== undefined) throw new UsageError({ problem: 'at-ready' });
      const bad = operands.find((id) => !draftIdSchema.safeParse(id).success);
      if (bad !== undefined) throw new UsageError({ problem: 'not-an-id', id: bad });
      break;
    }
    case 'status':
    case 'listings':
    case 'worker':
      if (operands.length > 0) throw new UsageError({ problem: 'no-arguments', command });
      break;
    case 'activity': {
      if (operands.length > 0) throw new UsageError({ problem: 'no-arguments', command });
      if (values.since === undefined) break;
      const since = sinceTime(values.since, new Date());
      if (since === undefined) throw new UsageError({ problem: 'since', value: values.since });
      return { ...base, command, since };
    }
    case 'accounts':
      return { ...base, command, ...accountsArgs(operands, values as Record<string, unknown>) };
    case 'shop':
      return { ...base, command, ...shopArgs(operands, values) };
    case 'feed':
      return { ...base, command, ...feedArgs(operands, values) };
    case 'categories':
      return { ...base, command, ...categoriesArgs(operands, values) };
    case 'approvals':
      return { ...base, command, ...approvalsArgs(operands, values) };
  }
  return { ...base, command };
}

/** The rest of `accounts ACTION [NAME] [options]`; throws UsageError. */
function accountsArgs(
  operands: string[],
  values: Record<string, unknown>,
): Pick<CliArgs, 'action' | 'operands' | 'service' | 'defaults'> {
  const [word, ...rest] = operands;
  if (!(accountActions as readonly string[]).includes(word ?? ''))
    throw new UsageError({ problem: 'accounts-what' });
  const action = word as AccountAction;
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  const given = (keys: readonly string[]) => keys.filter((key) => text(key) !== undefined);
  const refuse = (keys: readonly string[]) => {
    const [flag] = given(keys);
    if (flag !== undefined) throw new UsageError({ problem: 'not-with-action', flag: `--${flag}`, action });
  };
  const setupKeys = ['auth-url', 'base-url', 'client-id'] as const;
  const defaultKeys = Object.keys(defaultOptions) as DefaultOption[];
  if (action === 'list') {
    if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'accounts' });
  } else if (action === 'imprint') {
    // NAME FILE: the notice's text is read from the file.
    if (rest.length !== 2 || rest[0]!.trim() === '') throw new UsageError({ problem: 'accounts-imprint' });
  } else if (rest.length !== 1 || rest[0]!.trim() === '') {
    throw new UsageError({ problem: 'accounts-name', action });
  }
  // The account is the NAME here; --account would name a second one.
  if (values.account !== undefined)
    throw new UsageError({ problem: 'not-with-action', flag: '--account', action });
  if (values.json === true && action !== 'list')
    throw new UsageError({ problem: 'not-with-action', flag: '--json', action });
  if (action !== 'add') refuse(setupKeys);
  if (action !== 'defaults') refuse(defaultKeys);
  const name = rest[0]?.trim();
  if (action === 'add') {
    const missing = setupKeys.filter((key) => !text(key)?.trim());
    if (missing.length > 0)
      throw new UsageError({
        problem: 'accounts-add-needs',
        flags: missing.map((key) => `--${key}`).join(', '),
      });
    for (const key of ['auth-url', 'base-url'] as const) {
      const value = text(key)!.trim();
      if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
        throw new UsageError({ problem: 'url', flag: `--${key}`, value });
    }
    return {
      action,
      operands: [name!],
      service: {
        authUrl: text('auth-url')!.trim(),
        baseUrl: text('base-url')!.trim(),
        clientId: text('client-id')!.trim(),
      },
      defaults: {},
    };
  }
  const defaults: Partial<AccountDefaults> = {};
  for (const flag of given(defaultKeys) as DefaultOption[])
    defaults[defaultOptions[flag]] = text(flag)!.trim();
  const radius = defaults.availabilityRadiusInKm;
  if (radius !== undefined && radius !== '' && !/^\d{1,4}$/.test(radius))
    throw new UsageError({ problem: 'radius', value: radius });
  if (action === 'imprint') return { action, operands: [name!, rest[1]!], defaults };
  return { action, operands: name === undefined ? [] : [name], defaults };
}

/**
 * `--since`: an ISO 8601 time (with offset), a date (YYYY-MM-DD, from its local midnight), or a span
 * back from `now` (30m, 12h, 7d); as an ISO time, or undefined when it is none of these.
 */
export function sinceTime(value: string, now: Date): string | undefined {
  const span = /^(\d{1,6})([mhd])$/.exec(value.trim());
  if (span) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[span[2] as 'm' | 'h' | 'd'];
    return new Date(now.getTime() - Number(span[1]) * unit).toISOString();
  }
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? new Date(`${value.trim()}T00:00:00`) : undefined;
  const at =
    date ?? (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(value.trim()) ? new Date(value) : undefined);
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : undefined;
}
