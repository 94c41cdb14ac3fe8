// The rest of `shop ACTION [URL] [--name NAME] [--json]` (issue 24.1), of `shop add-desk NAME
// --owner URL` (issue 32.4) and `shop role DESK ROLE --owner URL` (issue 37.1), parsed without side effects.
import { shopActions, type ShopAction } from './command-words';
import { UsageError } from './usage';

/** A desk login's name as the app makes them (the contract's deskLoginName): needs no quoting. */
const LOGIN = /^[a-z_][a-z0-9_]{0,62}$/;

/** The roles of `shop role` (the contract's deskRoles). */
const ROLES: readonly string[] = ['prepare', 'publish', 'owner'];

/** A PostgreSQL address as typed, or a UsageError that shows it without what may be a password. */
function shopUrl(value: string): string {
  const url = value.trim();
  if (!URL.canParse(url) || !/^postgres(ql)?:$/.test(new URL(url).protocol))
    // The value is shown without what follows the scheme's `//`: it may carry a password.
    throw new UsageError({ problem: 'shop-url-bad', value: url.replace(/\/\/[^@/]*@/, '//…@') });
  return url;
}

/** The action, its URL (init, join) as the only operand, and join's desk name; throws UsageError. */
export function shopArgs(
  operands: string[],
  values: { name?: string; json?: boolean; account?: string; owner?: string },
): { shopAction: ShopAction; operands: string[]; name?: string; owner?: string } {
  const [word, ...rest] = operands;
  if (!(shopActions as readonly string[]).includes(word ?? ''))
    throw new UsageError({ problem: 'shop-what' });
  const action = word as ShopAction;
  const refuse = (flag: string, given: boolean) => {
    if (given) throw new UsageError({ problem: 'not-with-shop', flag, action });
  };
  refuse('--json', values.json === true && action !== 'status' && action !== 'desks');
  refuse('--name', values.name !== undefined && action !== 'join');
  refuse('--account', values.account !== undefined);
  refuse('--owner', values.owner !== undefined && action !== 'add-desk' && action !== 'role');
  // Issue 37.1: `shop role DESK ROLE --owner URL` with the owner's login, like add-desk.
  if (action === 'role') {
    if (rest.length !== 2 || !LOGIN.test(rest[0]!.trim()) || !ROLES.includes(rest[1]!.trim()))
      throw new UsageError({ problem: 'shop-role' });
    if (values.owner === undefined) throw new UsageError({ problem: 'shop-role-owner' });
    return { shopAction: action, operands: [rest[0]!.trim(), rest[1]!.trim()], owner: shopUrl(values.owner) };
  }
  if (action === 'add-desk') {
    if (rest.length !== 1 || !LOGIN.test(rest[0]!.trim())) throw new UsageError({ problem: 'shop-login' });
    if (values.owner === undefined) throw new UsageError({ problem: 'shop-owner' });
    return { shopAction: action, operands: [rest[0]!.trim()], owner: shopUrl(values.owner) };
  }
  if (action === 'status' || action === 'leave' || action === 'desks') {
    if (rest.length > 0) throw new UsageError({ problem: 'no-arguments', command: 'shop' });
    return { shopAction: action, operands: [] };
  }
  if (rest.length !== 1) throw new UsageError({ problem: 'shop-url', action });
  const url = shopUrl(rest[0]!);
  if (values.name !== undefined && values.name.trim() === '') throw new UsageError({ problem: 'shop-name' });
  return {
    shopAction: action,
    operands: [url],
    ...(values.name !== undefined && { name: values.name.trim() }),
  };
}
