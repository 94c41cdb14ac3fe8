// The rest of `feed ACTION [NAME] [SOURCE] [options]` (issue 25.8), parsed without side effects.
import { feedUrlSchema, type FeedGone } from '../../shared/domain/feed';
import { UsageError } from './args';

/** What `feed` does: the word after it. */
export const feedActions = ['add', 'list', 'plan', 'run', 'remove'] as const;
export type FeedAction = (typeof feedActions)[number];

/** The options `feed add` takes. */
export interface FeedAddOptions {
  reference?: string;
  stock?: string;
  publish: boolean;
  gone: FeedGone;
  everyMinutes?: number;
}

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
}

/** The action, its operands (NAME, and SOURCE for add) and add's options; throws UsageError. */
export function feedArgs(
  operands: string[],
  values: FeedValues,
): { feedAction: FeedAction; operands: string[]; feedAdd?: FeedAddOptions } {
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
  } as const;
  for (const [key, flag] of Object.entries(addOnly))
    refuse(flag, action !== 'add' && values[key as keyof typeof addOnly] !== undefined);
  refuse('--publish', action !== 'add' && values.publish === true);
  // The account of a feed is its own: only `add` names it.
  refuse('--account', action !== 'add' && values.account !== undefined);
  if (action === 'list') {
    if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'feed' });
    return { feedAction: action, operands: [] };
  }
  if (action !== 'add') {
    if (rest.length !== 1 || rest[0]!.trim() === '') throw new UsageError({ problem: 'feed-name', action });
    return { feedAction: action, operands: [rest[0]!.trim()] };
  }
  if (rest.length !== 2 || rest[0]!.trim() === '') throw new UsageError({ problem: 'feed-add' });
  const source = rest[1]!.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source) && !feedUrlSchema.safeParse(source).success)
    throw new UsageError({ problem: 'feed-url', value: source.replace(/\/\/[^@/]*@/, '//…@') });
  if (values.gone !== undefined && values.gone !== 'pause' && values.gone !== 'end')
    throw new UsageError({ problem: 'feed-gone', value: values.gone });
  let everyMinutes: number | undefined;
  if (values.every !== undefined) {
    everyMinutes = /^\d{1,5}$/.test(values.every) ? Number(values.every) : NaN;
    if (!(everyMinutes >= 5 && everyMinutes <= 43_200))
      throw new UsageError({ problem: 'feed-every', value: values.every });
  }
  return {
    feedAction: action,
    operands: [rest[0]!.trim(), source],
    feedAdd: {
      ...(values.reference !== undefined && { reference: values.reference.trim() }),
      ...(values.stock !== undefined && { stock: values.stock.trim() }),
      publish: values.publish === true,
      gone: (values.gone ?? 'pause') as FeedGone,
      ...(everyMinutes !== undefined && { everyMinutes }),
    },
  };
}
