// Wire format of the token service (`POST {auth_url}/oidc/token`, client credentials flow).
import { z } from 'zod';

/** The audience every token request must name. */
export const TOKEN_AUDIENCE = 'consumer-goods-api';

/** The only grant type of the spec. */
export const CLIENT_CREDENTIALS = 'client_credentials';

/** The `error` values of a token error response. */
export const TOKEN_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
] as const;
export type TokenErrorCode = (typeof TOKEN_ERROR_CODES)[number];

/** Form parameters of a token request (sent `application/x-www-form-urlencoded`). */
export const TokenRequest = z.object({
  grant_type: z.literal(CLIENT_CREDENTIALS),
  client_id: z.string(),
  client_secret: z.string(),
  audience: z.literal(TOKEN_AUDIENCE),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

/** Successful token response (200). */
export const TokenResponse = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Token error response (400); `error` is kept a string so an unlisted code still parses. */
export const TokenErrorResponse = z.looseObject({
  error: z.string(),
  error_description: z.string().nullish(),
});
export type TokenErrorResponse = z.infer<typeof TokenErrorResponse>;
