// THE contract between renderer and main: every channel's input schema and output type, and
// every event's payload type. Main validates every input against it; the renderer is untrusted.
import { z } from 'zod';
import type { ChannelName, EventName } from './names';
import type { AppInfo, Settings, ViewName } from './types';

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

export const contract = {
  'app:info': channel<AppInfo>()(noInput),
  'settings:get': channel<Settings>()(noInput),
  'settings:set': channel<Settings>()(z.object({ language: languageSchema.optional() }).strict()),
} satisfies Record<ChannelName, ChannelDef<z.ZodType, unknown>>;

export type Contract = typeof contract;
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = NonNullable<Contract[C]['output']>;

/** Payload of each main -> renderer event. */
export interface EventPayloads {
  'settings:changed': Settings;
  'app:navigate': { view: ViewName };
}
export type EventOf<E extends EventName> = EventPayloads[E];
