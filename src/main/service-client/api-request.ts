// One call of the listings service with its access token: retried per retry.ts, and repeated after
// a 401 (the service did not process the request, so even a POST is safe):
// - a token the service accepted before is stale: a new token, same form;
// - a token never accepted yet, under the Automatic setting: the other Authorization form, once;
// - otherwise (or after both): the plain message that the service refused the credentials.
import type { AccountPace } from './account-pace';
import { laneOf } from './account-pace';
import { authorization, formName, otherForm } from './auth-form';
import type { AuthForm, AuthFormState, AuthSetting } from './auth-form';
import { ServiceError } from './errors';
import type { ServiceErrorInit } from './errors';
import { errorFromResponse } from './response-errors';
import type { HttpSend, RawResponse } from './http';
import { OPERATION_METHODS } from './operations';
import type { OperationName } from './operations';
import { isSuccess } from './responses';
import { withRetries } from './retry';
import type { RetryEnv, WarnLog } from './retry';
import type { TokenProvider } from './token-provider';
import { joinUrl } from './urls';

export { authorization } from './auth-form';
export type { AuthForm, AuthSetting } from './auth-form';

/** The account's Authorization setting (kept under its old name for the client's options). */
export type AuthScheme = AuthSetting;

/** What every listings call needs. */
export interface ApiContext {
  baseUrl: string;
  auth: AuthFormState;
  tokens: TokenProvider;
  send: HttpSend;
  retryEnv: RetryEnv;
  now: () => number;
  log?: WarnLog;
  /** The account's pace every call goes through (account-pace.ts). */
  pace?: AccountPace;
}

/** One listings call: the operation (which fixes the method), the path and what goes with it. */
export interface ApiCall {
  operation: Exclude<OperationName, 'token' | 'uploadFile'>;
  path: string;
  json?: unknown;
  searchParams?: URLSearchParams;
  headers?: Record<string, string>;
}

/** Runs `call` and returns its 2xx response; anything else is thrown as a ServiceError. */
export function callApi(ctx: ApiContext, call: ApiCall): Promise<RawResponse> {
  const { operation } = call;
  const url = joinUrl(ctx.baseUrl, call.path);
  let renewed = false;
  let switched = false;
  const method = OPERATION_METHODS[operation];
  const env = ctx.pace ? { ...ctx.retryEnv, paced: true } : ctx.retryEnv;
  return withRetries(operation, env, async () => {
    let form = ctx.auth.current();
    for (;;) {
      const token = await ctx.tokens.getToken();
      const exchange = () =>
        ctx.send(operation, {
          method,
          url,
          json: call.json,
          searchParams: call.searchParams,
          headers: { ...call.headers, authorization: authorization(form, token) },
        });
      const response = ctx.pace ? await ctx.pace.run(laneOf(method), exchange) : await exchange();
      if (isSuccess(response.status)) {
        ctx.tokens.accepted(token);
        ctx.auth.accepted(form);
        return response;
      }
      if (response.status !== 401) throw errorFromResponse(operation, response, ctx.now());
      const fresh = !ctx.tokens.wasAccepted(token);
      if (ctx.auth.automatic && fresh && !switched) {
        switched = true;
        ctx.log?.warn(
          `${operation}: a new access token was refused (401) as ${formName(form)}; trying ${formName(otherForm(form))}`,
          { operation },
        );
        form = otherForm(form);
        continue;
      }
      if (!renewed) {
        renewed = true;
        ctx.tokens.invalidate(token);
        ctx.log?.warn(`${operation}: the access token was refused (401); fetching a new one`, { operation });
        continue;
      }
      const error = errorFromResponse(operation, response, ctx.now());
      throw switched ? refusedInBothForms(error, form) : error;
    }
  });
}

/** A 401 after both Authorization forms were tried (under the Automatic setting). */
export class RefusedInBothForms extends ServiceError {
  /** The forms tried, in order. */
  readonly triedForms: readonly AuthForm[];

  constructor(init: ServiceErrorInit, triedForms: readonly AuthForm[]) {
    super(init);
    this.triedForms = triedForms;
  }
}

/** The 401 after both forms were tried, in words that name them. */
function refusedInBothForms(error: ServiceError, last: AuthForm): ServiceError {
  return new RefusedInBothForms(
    {
      operation: error.operation,
      problem: error.problem,
      ...(error.status !== undefined && { status: error.status }),
      ...(error.title !== undefined && { title: error.title }),
      ...(error.detail !== undefined && { detail: error.detail }),
      ...(error.instance !== undefined && { instance: error.instance }),
      safeToRepeat: error.safeToRepeat,
      message:
        `The listings service refused the access token both as ${formName(otherForm(last))} and as ` +
        `${formName(last)}, also with a new token. Check the client ID and secret, and that the ` +
        'token service and the listings service URLs belong to the same service.',
    },
    [otherForm(last), last],
  );
}
