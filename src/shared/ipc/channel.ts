// How a channel of the contract is declared: its input schema, and its output type as a phantom.
import { z } from 'zod';

export interface ChannelDef<Input extends z.ZodType, Output> {
  input: Input;
  /** Phantom: carries the output type only. */
  output?: Output;
}

/** A channel whose answer is `Output`; its input is the schema given next. */
export function channel<Output>() {
  return <Input extends z.ZodType>(input: Input): ChannelDef<Input, Output> => ({ input });
}

/** The input of a channel that takes none. */
export const noInput = z.object({}).strict().optional();
