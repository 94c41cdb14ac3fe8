// The token service: `POST {authUrl}/oidc/token`, client credentials flow, form-encoded.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CLIENT_CREDENTIALS, TOKEN_AUDIENCE } from '../../shared/service';
import type { TokenErrorCode } from '../../shared/service';
import type { SandboxContext } from '../context';
import { defineRoute, isBodyError } from './common';

const FORM = 'application/x-www-form-urlencoded';
const REQUIRED = ['grant_type', 'client_id', 'client_secret', 'audience'] as const;

/** Registers the token route (under the `/auth/v2` prefix). */
export function tokenRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  // Anything that is not a readable form (other Content-Type, bad encoding) is invalid_request.
  app.setErrorHandler(async (error, _request, reply) => {
    if (!isBodyError(error)) throw error;
    return tokenError(
      reply,
      'invalid_request',
      'The request must be an application/x-www-form-urlencoded form.',
    );
  });

  // Each error code under its condition, checked in this order:
  //  invalid_request        the body is not a form, a parameter is missing or repeated;
  //  unsupported_grant_type grant_type is not client_credentials;
  //  invalid_client         unknown client_id or wrong client_secret (400 as the spec says, not 401);
  //  unauthorized_client    the client is configured as not allowed to use client_credentials;
  //  invalid_grant          audience other than consumer-goods-api.
  defineRoute(app, 'POST /oidc/token', async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : null;
    if (!form) return tokenError(reply, 'invalid_request', 'The request must be a form.');
    for (const name of REQUIRED) {
      const values = form.getAll(name);
      if (values.length === 0 || values[0] === '') {
        return tokenError(reply, 'invalid_request', `Missing parameter: ${name}`);
      }
      if (values.length > 1) return tokenError(reply, 'invalid_request', `Repeated parameter: ${name}`);
    }
    if (form.get('grant_type') !== CLIENT_CREDENTIALS) {
      return tokenError(reply, 'unsupported_grant_type', 'Only client_credentials is supported.');
    }
    const client = ctx.clients.get(form.get('client_id') ?? '');
    if (!client || !sameSecret(client.clientSecret, form.get('client_secret') ?? '')) {
      return tokenError(reply, 'invalid_client', 'Client authentication failed.');
    }
    if (client.allowedGrant === false) {
      return tokenError(reply, 'unauthorized_client', 'The client is not allowed to use this grant type.');
    }
    if (form.get('audience') !== TOKEN_AUDIENCE) {
      return tokenError(reply, 'invalid_grant', `Unknown audience; expected ${TOKEN_AUDIENCE}.`);
    }
    const token = await ctx.tokens.issue(client.clientId);
    ctx.stats.tokens += 1;
    return reply.code(200).headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send(token);
  });
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function tokenError(reply: FastifyReply, error: TokenErrorCode, description: string): FastifyReply {
  return reply
    .code(400)
    .headers({ 'cache-control': 'no-store' })
    .send({ error, error_description: description });
}
