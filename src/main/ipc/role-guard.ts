// The team's role rule at the door (issue 37.2): a call a desk's role may not make is refused here,
// in plain words naming the role it needs, before the database would refuse it (or, for what stays
// on this desk, such as a client secret, instead of it). The rule is shared/domain/team's deskMay,
// the one the window disables its controls by.
import { deskMay, type DeskAction, type DeskStanding } from '../../shared/domain/team';
import type { UiLanguage } from '../../shared/i18n-language';
import type { ChannelName } from '../../shared/ipc/names';
import { deskRefusalError } from '../shop';
import type { Handlers } from './router';

/** The channels the role rule decides, each with what it does. */
export const CHANNEL_ACTIONS: Readonly<Partial<Record<ChannelName, DeskAction>>> = {
  'listings:update': 'live-change',
  'listings:add-photos': 'live-change',
  'listings:add-photo-bytes': 'live-change',
  'listings:order-photos': 'live-change',
  'listings:remove-photo': 'live-change',
  'listings:undo-remove-photo': 'live-change',
  'publications:update': 'live-change',
  'drafts:push-changes': 'live-change',
  'bulk:start': 'live-change',
  'publications:set-state': 'pause',
  'listings:delete': 'end',
  'publish:end-twice': 'end',
  'priceRules:set-draft': 'price-rules',
  'priceRules:set-template': 'price-rules',
  'feeds:run': 'run-feeds',
  'feeds:retry': 'run-feeds',
  'feeds:save': 'feed-settings',
  'feeds:remove': 'feed-settings',
  'accounts:remove': 'accounts',
  'accounts:set-secret': 'keep-secrets',
};

/** What a call does when that depends on its input (undefined: nothing the role decides). */
export type ActionOf = (input: unknown) => DeskAction | undefined;

/**
 * `handlers` with each channel of CHANNEL_ACTIONS (or of `decide`, which reads the input) refused
 * while the desk's standing may not.
 */
export function guardByRole(
  handlers: Handlers,
  standing: () => DeskStanding,
  language: () => UiLanguage,
  decide: Partial<Record<ChannelName, ActionOf>> = {},
): Handlers {
  const guarded: Record<string, unknown> = { ...handlers };
  const actions: Partial<Record<ChannelName, ActionOf>> = { ...decide };
  for (const [channel, action] of Object.entries(CHANNEL_ACTIONS) as [ChannelName, DeskAction][])
    actions[channel] ??= () => action;
  for (const [channel, actionOf] of Object.entries(actions) as [ChannelName, ActionOf][]) {
    const handler = handlers[channel] as (input: unknown) => unknown;
    guarded[channel] = (input: unknown) => {
      const action = actionOf(input);
      const may = action && deskMay(standing(), action);
      if (may && !may.allowed) throw deskRefusalError(language(), may);
      return handler(input);
    };
  }
  return guarded as Handlers;
}

/** An account as saving compares it: the fields the team shares. */
export interface SharedAccountFields {
  kind: 'sandbox' | 'service';
  name: string;
  authUrl: string;
  baseUrl: string;
  clientId: string;
  authScheme: string;
  marketplaceUrlPattern?: string | undefined;
}

/**
 * What `accounts:save` does: a new account or a change of a shared field is the owner's
 * (`accounts`); a new client secret alone is the desk's own (`keep-secrets`); the desk's own
 * Sandbox is no one else's (nothing to decide).
 */
export function accountSaveAction(record: (id: string) => SharedAccountFields | undefined): ActionOf {
  return (input) => {
    const given = input as Partial<SharedAccountFields> & { id?: string; secret?: string };
    const existing = given.id === undefined ? undefined : record(given.id);
    if (!existing) return 'accounts';
    if (existing.kind === 'sandbox') return undefined;
    const bare = (url: string | undefined) => url?.replace(/\/+$/, '');
    const same =
      given.name === existing.name &&
      (given.authUrl === undefined || bare(given.authUrl) === existing.authUrl) &&
      (given.baseUrl === undefined || bare(given.baseUrl) === existing.baseUrl) &&
      (given.clientId === undefined || given.clientId === existing.clientId) &&
      (given.authScheme === undefined || given.authScheme === existing.authScheme) &&
      (given.marketplaceUrlPattern === undefined ||
        given.marketplaceUrlPattern === (existing.marketplaceUrlPattern ?? ''));
    if (!same) return 'accounts';
    return given.secret === undefined ? undefined : 'keep-secrets';
  };
}

/**
 * The channels about one account whose role rule depends on that account: the desk's own Sandbox is
 * no one else's (nothing to decide); a shared account's record, defaults and imprints are the owner's.
 */
export function accountActions(
  record: (id: string) => SharedAccountFields | undefined,
): Partial<Record<ChannelName, ActionOf>> {
  const shared =
    (action: DeskAction, key: 'id' | 'accountId'): ActionOf =>
    (input) =>
      record((input as Record<string, string>)[key] ?? '')?.kind === 'sandbox' ? undefined : action;
  return {
    'accounts:save': accountSaveAction(record),
    'accounts:set-defaults': shared('accounts', 'id'),
    'imprints:create': shared('imprints', 'accountId'),
    'imprints:set-default': shared('imprints', 'accountId'),
  };
}
