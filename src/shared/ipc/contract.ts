// THE contract between renderer and main: every channel's input schema and output type, and
// every event's payload type. Main validates every input against it; the renderer is untrusted.
import { z } from 'zod';
import type { ChannelName, EventName } from './names';
import type {
  AccountsState,
  AccountView,
  AppInfo,
  ConnectionResult,
  ListingsState,
  ListingView,
  Settings,
  ViewName,
} from './types';

interface ChannelDef<Input extends z.ZodType, Output> {
  input: Input;
  /** Phantom: carries the output type only. */
  output?: Output;
}

function channel<Output>() {
  return <Input extends z.ZodType>(input: Input): ChannelDef<Input, Output> => ({ input });
}

const noInput = z.object({}).strict().optional();

export const languageSchema = z.enum(['system', 'de', 'en']);

const id = z.string().min(1).max(100);
const serviceUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'Enter a full address starting with https:// (or http://).',
  });

export const authSchemeSchema = z.enum(['bearer', 'bare']);

/** A new account (no id) or changes to one; the secret is optional and only ever travels inward. */
export const accountInputSchema = z
  .object({
    id: id.optional(),
    name: z.string().trim().min(1, 'Give the account a name.').max(80),
    authUrl: serviceUrl.optional(),
    baseUrl: serviceUrl.optional(),
    clientId: z.string().trim().min(1, 'Enter the client ID.').max(200).optional(),
    authScheme: authSchemeSchema.optional(),
    secret: z.string().min(1).max(4096).optional(),
  })
  .strict();

export const contract = {
  'app:info': channel<AppInfo>()(noInput),
  'settings:get': channel<Settings>()(noInput),
  'settings:set': channel<Settings>()(z.object({ language: languageSchema.optional() }).strict()),
  'accounts:list': channel<AccountsState>()(noInput),
  'accounts:save': channel<AccountView>()(accountInputSchema),
  'accounts:remove': channel<AccountsState>()(z.object({ id }).strict()),
  'accounts:select': channel<AccountsState>()(z.object({ id }).strict()),
  'accounts:set-secret': channel<AccountView>()(
    z.object({ id, secret: z.string().min(1).max(4096) }).strict(),
  ),
  'accounts:delete-secret': channel<AccountView>()(z.object({ id }).strict()),
  'accounts:test': channel<ConnectionResult>()(z.object({ id }).strict()),
  'imprints:create': channel<AccountView>()(
    z
      .object({ accountId: id, content: z.string().trim().min(1, 'Enter the imprint text.').max(5000) })
      .strict(),
  ),
  'imprints:set-default': channel<AccountView>()(z.object({ accountId: id, uuid: id.nullable() }).strict()),
  'listings:list': channel<ListingsState>()(
    z.object({ refresh: z.boolean().optional() }).strict().optional(),
  ),
  'listings:get': channel<ListingView>()(z.object({ uuid: id }).strict()),
} satisfies Record<ChannelName, ChannelDef<z.ZodType, unknown>>;

export type Contract = typeof contract;
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = NonNullable<Contract[C]['output']>;

/** Payload of each main -> renderer event. */
export interface EventPayloads {
  'settings:changed': Settings;
  'app:navigate': { view: ViewName };
  'accounts:changed': AccountsState;
  'listings:changed': ListingsState;
}
export type EventOf<E extends EventName> = EventPayloads[E];
