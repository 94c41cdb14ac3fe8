// The Fastify server: one port for the token service (/auth/v2), the listings service (/api), the
// storage (/storage) and the media host (/media).
import { STATUS_CODES } from 'node:http';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { installBandwidth } from './bandwidth';
import { API_PREFIX, AUTH_PREFIX } from './prefixes';
import type { SandboxContext } from './context';
import { Problem, problems } from './errors';
import { installHooks, sendProblem } from './hooks';
import { installLateFinish } from './late-finish-hook';
import { installRateLimit } from './rate-limit';
import { isBodyError } from './routes/common';
import { lifecycleRoutes } from './routes/lifecycle';
import { listingRoutes } from './routes/listings';
import { mediaRoutes } from './routes/media';
import { publicationRoutes } from './routes/publications';
import { storageRoutes } from './routes/storage';
import { tokenRoutes } from './routes/token';

/** Builds the server of one sandbox instance (not yet listening). */
export function buildServer(
  ctx: SandboxContext,
  log: boolean,
  serverFactory?: FastifyServerFactory,
): FastifyInstance {
  const app = Fastify({
    logger: log ? { level: 'info', stream: process.stderr } : false,
    ...(serverFactory && { serverFactory }),
    // Keep-alive sockets (and injected delays) must not hold close() up.
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  installHooks(app, ctx);
  installLateFinish(app, ctx);
  installBandwidth(app, ctx.line, () => ctx.config.bandwidthMbit);

  app.setErrorHandler(async (error, request, reply) => {
    let problem: Problem;
    if (error instanceof Problem) {
      problem = error;
    } else if (isBodyError(error)) {
      // Each route answers an unreadable body with its own spec error, never Fastify's default.
      problem = problems[request.routeOptions.config.badBody ?? 'failedToRead']();
    } else {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) request.log.error(error);
      problem =
        status < 500
          ? new Problem(status, STATUS_CODES[status] ?? 'Error', (error as Error).message)
          : problems.internal();
    }
    return sendProblem(reply, request, problem);
  });
  app.setNotFoundHandler(async (request, reply) => sendProblem(reply, request, problems.notFound()));

  app.register(
    async (auth) => {
      tokenRoutes(auth, ctx);
    },
    { prefix: AUTH_PREFIX },
  );
  app.register(
    async (api) => {
      // Authentication runs before the body is read, so a request without a valid token is 401
      // whatever its body.
      api.addHook('onRequest', async (request) => {
        request.clientId = await ctx.tokens.authenticate(
          request.headers.authorization,
          ctx.quirks.authScheme,
        );
      });
      installRateLimit(api, ctx.rateLimit);
      listingRoutes(api, ctx);
      mediaRoutes(api, ctx);
      publicationRoutes(api, ctx);
      lifecycleRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  app.register(async (storage) => {
    storageRoutes(storage, ctx);
  });
  return app;
}
