// Error responses of the token service: `{error, error_description}` with status 400 per the spec
// (401 is common elsewhere for invalid_client, so it is read the same way).
import { TOKEN_ERROR_CODES, TokenErrorResponse } from '../../shared/service';
import type { TokenErrorCode } from '../../shared/service';
import { ServiceError } from './errors';
import type { RawResponse } from './http';
import { tokenErrorMessage } from './messages';
import { errorFromResponse, readErrorBody } from './response-errors';

/** The ServiceError of a non-2xx token response. */
export function errorFromTokenResponse(response: RawResponse, nowMs: number): ServiceError {
  const { status } = response;
  if (status !== 400 && status !== 401 && status !== 403) return errorFromResponse('token', response, nowMs);
  const parsed = TokenErrorResponse.safeParse(readErrorBody(response).json);
  if (!parsed.success) return errorFromResponse('token', response, nowMs, 'token-rejected');
  const code = parsed.data.error;
  const detail = parsed.data.error_description || undefined;
  return new ServiceError({
    operation: 'token',
    problem: isTokenErrorCode(code) ? code : 'token-rejected',
    status,
    detail,
    message: tokenErrorMessage(code, detail),
  });
}

function isTokenErrorCode(code: string): code is TokenErrorCode {
  return (TOKEN_ERROR_CODES as readonly string[]).includes(code);
}
