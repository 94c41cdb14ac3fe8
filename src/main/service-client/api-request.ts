// One call of the listings service with its access token: retried per retry.ts, and repeated once
// with a new token after a 401 (the service did not process the request, so even a POST is safe).
import { errorFromResponse } from './response-errors';
import type { HttpSend, RawResponse } from './http';
import { OPERATION_METHODS } from './operations';
import type { OperationName } from './operations';
import { isSuccess } from './responses';
import { withRetries } from './retry';
import type { RetryEnv, WarnLog } from './retry';
import type { TokenProvider } from './token-provider';
import { joinUrl } from './urls';

/** How the Authorization header carries the token: `Bearer <token>` or the bare token. */
export type AuthScheme = 'bearer' | 'bare';

/** What every listings call needs. */
export interface ApiContext {
  baseUrl: string;
  authScheme: AuthScheme;
  tokens: TokenProvider;
  send: HttpSend;
  retryEnv: RetryEnv;
  now: () => number;
  log?: WarnLog;
}

/** One listings call: the operation (which fixes the method), the path and what goes with it. */
export interface ApiCall {
  operation: Exclude<OperationName, 'token' | 'uploadFile'>;
  path: string;
  json?: unknown;
  searchParams?: URLSearchParams;
  headers?: Record<string, string>;
}

/** The Authorization header value of `token` under `scheme`. */
export function authorization(scheme: AuthScheme, token: string): string {
  return scheme === 'bearer' ? `Bearer ${token}` : token;
}

/** Runs `call` and returns its 2xx response; anything else is thrown as a ServiceError. */
export function callApi(ctx: ApiContext, call: ApiCall): Promise<RawResponse> {
  const { operation } = call;
  const url = joinUrl(ctx.baseUrl, call.path);
  let renewed = false;
  return withRetries(operation, ctx.retryEnv, async () => {
    for (;;) {
      const token = await ctx.tokens.getToken();
      const response = await ctx.send(operation, {
        method: OPERATION_METHODS[operation],
        url,
        json: call.json,
        searchParams: call.searchParams,
        headers: { ...call.headers, authorization: authorization(ctx.authScheme, token) },
      });
      if (isSuccess(response.status)) return response;
      if (response.status === 401 && !renewed) {
        renewed = true;
        ctx.tokens.invalidate(token);
        ctx.log?.warn(`${operation}: the access token was refused (401); fetching a new one`, { operation });
        continue;
      }
      throw errorFromResponse(operation, response, ctx.now());
    }
  });
}
