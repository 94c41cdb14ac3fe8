// Runs contract calls: checks the channel, validates the input against the contract's schema,
// runs the handler and wraps the outcome in a result envelope. Both shells call `call()`.
import { z } from 'zod';
import { contract, type OutputOf, type ParsedInputOf } from '../../shared/ipc/contract';
import { channelNames, isChannelName, type ChannelName } from '../../shared/ipc/names';
import type { Envelope } from '../../shared/ipc/envelope';
import { writeFailureError } from '../storage/write-failure';
import type { Log } from '../log/log';
import { mainI18n } from '../i18n';
import { AppError } from '../errors/app-error';
import { roleRefusalError } from '../shop';

export type Handler<C extends ChannelName> = (input: ParsedInputOf<C>) => Promise<OutputOf<C>> | OutputOf<C>;
export type Handlers = { [C in ChannelName]: Handler<C> };

/** The part of the back end's log the router writes to. */
export type Logger = Pick<Log, 'error'>;

export interface Router {
  readonly channels: readonly ChannelName[];
  call(channel: unknown, input: unknown): Promise<Envelope<unknown>>;
}

/** Builds the router over one handler per contract channel. */
export function createRouter(
  handlers: Handlers,
  log: Logger,
  // Named in a refused write's message when the error carries no path of its own.
  options: { dataDir?: string } = {},
): Router {
  return {
    channels: channelNames,
    async call(channel, input) {
      if (!isChannelName(channel)) {
        return {
          ok: false,
          error: { code: 'unknown-channel', message: `Unknown channel: ${String(channel)}` },
        };
      }
      const parsed = contract[channel].input.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          error: {
            code: 'invalid-input',
            message: `Invalid input for ${channel}: ${z.prettifyError(parsed.error)}`,
            details: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
          },
        };
      }
      try {
        const handler = handlers[channel] as (input: unknown) => unknown;
        return { ok: true, value: await handler(parsed.data) };
      } catch (error) {
        if (error instanceof AppError) {
          return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
        }
        // A statement the shop's database refused for this desk's role (issue 37.2), in its words.
        const forbidden = roleRefusalError(error);
        if (forbidden) {
          log.error(`Handler for ${channel} was refused by the desk's role: ${forbidden.message}`, error);
          return {
            ok: false,
            error: { code: forbidden.code, message: forbidden.message, details: forbidden.details },
          };
        }
        // A full or read-only disk is said in those words whichever channel hit it.
        const refused = writeFailureError(error, options.dataDir ?? 'the data folder');
        if (refused) {
          log.error(`Handler for ${channel} could not write: ${refused.message}`, error);
          return {
            ok: false,
            error: { code: refused.code, message: refused.message, details: refused.details },
          };
        }
        log.error(`Handler for ${channel} failed`, error);
        // In the app's language: forms show this message as it is.
        return { ok: false, error: { code: 'internal', message: mainI18n.t('ipc:internal', { channel }) } };
      }
    },
  };
}
