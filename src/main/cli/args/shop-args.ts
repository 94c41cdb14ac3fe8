// The rest of `shop ACTION [URL] [--name NAME] [--json]` (issue 24.1), parsed without side effects.
import { shopActions, type ShopAction } from './command-words';
import { UsageError } from './usage';

/** The action, its URL (init, join) as the only operand, and join's desk name; throws UsageError. */
export function shopArgs(
  operands: string[],
  values: { name?: string; json?: boolean; account?: string },
): { shopAction: ShopAction; operands: string[]; name?: string } {
  const [word, ...rest] = operands;
  if (!(shopActions as readonly string[]).includes(word ?? ''))
    throw new UsageError({ problem: 'shop-what' });
  const action = word as ShopAction;
  const refuse = (flag: string, given: boolean) => {
    if (given) throw new UsageError({ problem: 'not-with-shop', flag, action });
  };
  refuse('--json', values.json === true && action !== 'status');
  refuse('--name', values.name !== undefined && action !== 'join');
  refuse('--account', values.account !== undefined);
  if (action === 'status' || action === 'leave') {
    if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'shop' });
    return { shopAction: action, operands: [] };
  }
  if (rest.length !== 1) throw new UsageError({ problem: 'shop-url', action });
  const url = rest[0]!.trim();
  if (!URL.canParse(url) || !/^postgres(ql)?:$/.test(new URL(url).protocol))
    // The value is shown without what follows the scheme's `//`: it may carry a password.
    throw new UsageError({ problem: 'shop-url-bad', value: url.replace(/\/\/[^@/]*@/, '//…@') });
  if (values.name !== undefined && values.name.trim() === '') throw new UsageError({ problem: 'shop-name' });
  return {
    shopAction: action,
    operands: [url],
    ...(values.name !== undefined && { name: values.name.trim() }),
  };
}
