// Channel and event names alone, without schemas, so that preload can check names without zod.

/** Every renderer -> main call of the contract. */
export const channelNames = [
  'app:info',
  'app:problems',
  'app:dismiss-problem',
  'app:save-diagnostics',
  'app:log-renderer-error',
  'settings:get',
  'settings:set',
  'accounts:list',
  'accounts:save',
  'accounts:remove',
  'accounts:select',
  'accounts:use-if-first',
  'accounts:set-secret',
  'accounts:delete-secret',
  'accounts:test',
  'imprints:create',
  'imprints:set-default',
  'listings:list',
  'listings:get',
  'accounts:set-defaults',
  'drafts:list',
  'drafts:get',
  'drafts:create',
  'drafts:save',
  'drafts:duplicate',
  'drafts:trash',
  'drafts:restore',
  'drafts:empty-trash',
  'drafts:suggestions',
  'drafts:add-photos',
  'drafts:add-photo-bytes',
  'uploads:begin',
  'uploads:append',
  'uploads:cancel',
  'drafts:set-photos',
  'publish:start',
  'publish:list',
  'publish:cancel',
  'publish:retry',
  'publish:end-twice',
  'listings:update',
  'listings:add-photos',
  'listings:add-photo-bytes',
  'listings:remove-photo',
  'listings:undo-remove-photo',
  'listings:edit-source',
  'listings:order-photos',
  'listings:publications',
  'publications:get',
  'publications:update',
  'drafts:from-listing',
  'drafts:live-diff',
  'drafts:push-changes',
  'drafts:live-resolve',
  'drafts:unlink',
  'drafts:shop-pick',
  'drafts:shop-dismiss-restored',
  // Issue 15.1, accounts kept apart.
  'drafts:move-account',
  'drafts:dismiss-account-upgrade',
  // Issue 15.3, an ad's whole life (helper C).
  'listings:delete',
  'publications:set-state',
  // Issue 17, export and templates (helper I3).
  'export:drafts',
  'export:listings',
  'export:default-path',
  'templates:list',
  'templates:save',
  'templates:rename',
  'templates:delete',
  'templates:new-draft',
  // Issue 17, import (helper I1).
  'import:inspect',
  'import:preview',
  'import:run',
  'import:undo',
  'import:list',
  // Issue 17.4, bulk edits (helper I4).
  'bulk:preview-drafts',
  'bulk:apply-drafts',
  'bulk:preview-listings',
  'bulk:start',
  'bulk:jobs',
  'bulk:retry',
  'bulk:dismiss',
  // Issue 26.1, files picked, not typed.
  'files:capabilities',
  'files:choose',
  'files:choose-export',
  'files:receive',
  // Issue 24.1, Settings → Shop.
  'schedule:set',
  'shop:status',
  'shop:test',
  'shop:init',
  // Issue 32.4, a login per desk.
  'shop:add-desk',
  'shop:desks',
  'shop:set-role',
  'shop:join',
  'shop:leave',
  // Issue 25.1-25.3, stock feeds.
  'feeds:list',
  'feeds:save',
  'feeds:remove',
  'feeds:plan',
  'feeds:run',
  'feeds:history',
  'feeds:retry',
  // Issue 25.5, price rules.
  'priceRules:set-draft',
  'priceRules:set-template',
  // Issue 33, the marketplace's catalog.
  'catalog:get',
  'catalog:search',
  'catalog:origin',
  'catalog:check',
  'catalog:load-file',
  'catalog:known-good',
  // Issue 34, a shop's categories and words mapped once.
  'categories:mappings',
  'categories:map',
  'categories:unmap',
  'categories:condition-words',
  'categories:guess',
  'pace:holds',
] as const;
export type ChannelName = (typeof channelNames)[number];

/** Every main -> renderer event of the contract. */
export const eventNames = [
  'settings:changed',
  'app:navigate',
  'app:problems-changed',
  'accounts:changed',
  'listings:changed',
  'drafts:changed',
  'drafts:intake-progress',
  'publish:changed',
  'publish:notice',
  'import:progress',
  'bulk:changed',
  'shop:progress',
  'shop:changed',
  'feeds:progress',
  'feeds:changed',
  'catalog:changed',
  'catalog:known-good-changed',
  'categories:changed',
  'pace:changed',
] as const;
export type EventName = (typeof eventNames)[number];

/** True when the string names a contract channel. */
export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && (channelNames as readonly string[]).includes(name);
}

/** True when the string names a contract event. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (eventNames as readonly string[]).includes(name);
}
