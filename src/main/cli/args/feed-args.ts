// The rest of `feed ACTION [NAME] [SOURCE] [options]` (issue 25.8), parsed without side effects.
import { priceRoundings, type PriceRounding } from '../../../shared/domain/bulk';
import { feedUrlSchema, type FeedGone, type FeedVariants } from '../../../shared/domain/feeds';
import {
  FLOOR_PERCENT_MAX,
  PRICE_RULE_MAX,
  priceRuleSchema,
  type PriceFloor,
  type PriceRule,
} from '../../../shared/domain/price-rules';
import { readPriceText } from '../../../shared/domain/drafts';
import { feedActions, type FeedAction } from './command-words';
import { UsageError } from './usage';

/** The options `feed add` takes. */
export interface FeedAddOptions extends FeedExportOptions {
  reference?: string;
  stock?: string;
  publish: boolean;
  gone: FeedGone;
  everyMinutes?: number;
  /** The price rule of the drafts the feed makes (issue 25.5). */
  priceRule?: PriceRule;
}

/** A shop export's choices and the valve's share (issue 35), taken by `feed add` and `feed edit`. */
export interface FeedExportOptions {
  variants?: FeedVariants;
  productDetails?: 'attributes' | 'description';
  allowPrivateAddresses?: true;
  /** The valve's share (0–1), from `--max-share PERCENT`. */
  maxShare?: number;
}

/** What `feed edit NAME` changes: only the options given. */
export type FeedEditOptions = Partial<FeedAddOptions>;

/** The price rule's options (`--every` is the feed's schedule, in minutes; the rule counts days). */
export const priceRuleFlags = ['lower', 'every-days', 'floor', 'steps', 'round'] as const;

interface FeedValues {
  json?: boolean;
  photos?: string;
  template?: string;
  account?: string;
  reference?: string;
  stock?: string;
  publish?: boolean;
  gone?: string;
  every?: string;
  lower?: string;
  'every-days'?: string;
  floor?: string;
  steps?: string;
  round?: string;
  variants?: string;
  details?: string;
  'allow-private-addresses'?: boolean;
  'max-share'?: string;
}

/** The action, its operands (NAME, and SOURCE for add) and add's options; throws UsageError. */
export function feedArgs(
  operands: string[],
  values: FeedValues,
): { feedAction: FeedAction; operands: string[]; feedAdd?: FeedAddOptions; feedEdit?: FeedEditOptions } {
  const [word, ...rest] = operands;
  if (!(feedActions as readonly string[]).includes(word ?? ''))
    throw new UsageError({ problem: 'feed-what' });
  const action = word as FeedAction;
  const refuse = (flag: string, given: boolean) => {
    if (given) throw new UsageError({ problem: 'not-with-feed', flag, action });
  };
  refuse('--json', values.json === true && action !== 'list' && action !== 'plan' && action !== 'run');
  const addOnly = {
    photos: '--photos',
    template: '--template',
    reference: '--reference',
    stock: '--stock',
    gone: '--gone',
    every: '--every',
    lower: '--lower',
    'every-days': '--every-days',
    floor: '--floor',
    steps: '--steps',
    round: '--round',
    variants: '--variants',
    details: '--details',
    'max-share': '--max-share',
  } as const;
  const setting = action === 'add' || action === 'edit';
  for (const [key, flag] of Object.entries(addOnly))
    refuse(flag, !setting && values[key as keyof typeof addOnly] !== undefined);
  refuse('--publish', !setting && values.publish === true);
  refuse('--allow-private-addresses', !setting && values['allow-private-addresses'] === true);
  // A feed's source is its identity (a new one is a new feed): only `add` names it, and the photos' folder.
  refuse('--photos', action === 'edit' && values.photos !== undefined);
  // The account of a feed is its own: only `add` names it.
  refuse('--account', action !== 'add' && values.account !== undefined);
  if (action === 'list') {
    if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'feed' });
    return { feedAction: action, operands: [] };
  }
  if (action === 'edit') {
    if (rest.length !== 1 || rest[0]!.trim() === '') throw new UsageError({ problem: 'feed-name', action });
    const feedEdit: FeedEditOptions = {
      ...settingsOf(values),
      ...(values.publish === true && { publish: true }),
    };
    if (Object.keys(feedEdit).length === 0 && values.template === undefined)
      throw new UsageError({ problem: 'feed-edit-nothing' });
    return { feedAction: action, operands: [rest[0]!.trim()], feedEdit };
  }
  if (action !== 'add') {
    if (rest.length !== 1 || rest[0]!.trim() === '') throw new UsageError({ problem: 'feed-name', action });
    return { feedAction: action, operands: [rest[0]!.trim()] };
  }
  if (rest.length !== 2 || rest[0]!.trim() === '') throw new UsageError({ problem: 'feed-add' });
  const source = rest[1]!.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source) && !feedUrlSchema.safeParse(source).success)
    throw new UsageError({ problem: 'feed-url', value: source.replace(/\/\/[^@/]*@/, '//…@') });
  const { gone, ...given } = settingsOf(values);
  return {
    feedAction: action,
    operands: [rest[0]!.trim(), source],
    feedAdd: { ...given, publish: values.publish === true, gone: gone ?? 'pause' },
  };
}

/** The settings the flags give (add's and edit's alike); throws UsageError on a bad value. */
function settingsOf(values: FeedValues): Omit<FeedAddOptions, 'publish' | 'gone'> & { gone?: FeedGone } {
  if (values.gone !== undefined && values.gone !== 'pause' && values.gone !== 'end')
    throw new UsageError({ problem: 'feed-gone', value: values.gone });
  let everyMinutes: number | undefined;
  if (values.every !== undefined) {
    everyMinutes = /^\d{1,5}$/.test(values.every) ? Number(values.every) : NaN;
    if (!(everyMinutes >= 5 && everyMinutes <= 43_200))
      throw new UsageError({ problem: 'feed-every', value: values.every });
  }
  if (values.variants !== undefined && values.variants !== 'group' && values.variants !== 'each')
    throw new UsageError({ problem: 'feed-variants', value: values.variants });
  if (values.details !== undefined && values.details !== 'attributes' && values.details !== 'description')
    throw new UsageError({ problem: 'feed-details', value: values.details });
  let maxShare: number | undefined;
  if (values['max-share'] !== undefined) {
    const text = values['max-share'].trim().replace(/\s*%$/, '');
    const percent = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(percent >= 0 && percent <= 100))
      throw new UsageError({ problem: 'feed-share', value: values['max-share'] });
    maxShare = percent / 100;
  }
  const priceRule = priceRuleOf(values);
  return {
    ...(values.reference !== undefined && { reference: values.reference.trim() }),
    ...(values.stock !== undefined && { stock: values.stock.trim() }),
    ...(values.gone !== undefined && { gone: values.gone as FeedGone }),
    ...(everyMinutes !== undefined && { everyMinutes }),
    ...(priceRule && { priceRule }),
    ...(values.variants !== undefined && { variants: values.variants as FeedVariants }),
    ...(values.details !== undefined && {
      productDetails: values.details as FeedExportOptions['productDetails'] & string,
    }),
    ...(values['allow-private-addresses'] === true && { allowPrivateAddresses: true as const }),
    ...(maxShare !== undefined && { maxShare }),
  };
}

/** A euro amount as typed ("2,50", "2.50 €"), or undefined when it is none or out of range. */
function euros(text: string): number | undefined {
  const reading = readPriceText(text);
  return reading.ok && reading.amount !== null && reading.amount > 0 && reading.amount <= PRICE_RULE_MAX
    ? Math.round(reading.amount * 100) / 100
    : undefined;
}

function whole(text: string, max: number): number | undefined {
  const value = /^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return value >= 1 && value <= max ? value : undefined;
}

/** `--floor` as typed: a price ("49,90"), or a share of the start price ("70%", "70 %"). */
function floorOf(text: string): PriceFloor | undefined {
  const trimmed = text.trim();
  if (!trimmed.endsWith('%')) return euros(trimmed);
  const percent = euros(trimmed.slice(0, -1));
  return percent !== undefined && percent <= FLOOR_PERCENT_MAX ? { percent } : undefined;
}

/**
 * `--lower PERCENT%|AMOUNT --every-days N --floor PRICE|PERCENT% [--steps M] [--round ROUNDING]`: the rule,
 * or none when no rule option is given; a rule option without --lower, or --lower without the
 * days or the floor, is refused (a rule never lowers without a floor).
 */
function priceRuleOf(values: FeedValues): PriceRule | undefined {
  const given = priceRuleFlags.filter((flag) => values[flag] !== undefined);
  if (given.length === 0) return undefined;
  if (values.lower === undefined)
    throw new UsageError({ problem: 'feed-rule-lower', flag: `--${given[0]!}` });
  const missing = (['every-days', 'floor'] as const).filter((flag) => values[flag] === undefined);
  if (missing.length > 0)
    throw new UsageError({ problem: 'feed-rule-needs', flags: missing.map((f) => `--${f}`).join(', ') });
  const lower = values.lower.trim();
  const percent = lower.endsWith('%');
  const value = euros(percent ? lower.slice(0, -1) : lower);
  if (value === undefined || (percent && value > 100))
    throw new UsageError({ problem: 'feed-lower', value: values.lower });
  const everyDays = whole(values['every-days']!, 3650);
  if (everyDays === undefined)
    throw new UsageError({ problem: 'feed-every-days', value: values['every-days']! });
  const floor = floorOf(values.floor!);
  if (floor === undefined) throw new UsageError({ problem: 'feed-floor', value: values.floor! });
  let maxSteps: number | null = null;
  if (values.steps !== undefined) {
    maxSteps = whole(values.steps, 1000) ?? null;
    if (maxSteps === null) throw new UsageError({ problem: 'feed-steps', value: values.steps });
  }
  const rounding = (values.round ?? 'none') as PriceRounding;
  if (!(priceRoundings as readonly string[]).includes(rounding))
    throw new UsageError({
      problem: 'feed-round',
      value: values.round!,
      roundings: priceRoundings.join(', '),
    });
  return priceRuleSchema.parse({
    mode: percent ? 'percent' : 'amount',
    value,
    everyDays,
    floor,
    rounding,
    maxSteps,
  });
}
