// Cross-cutting request hooks: latency, injected faults and the request counters.
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from './context';
import { Problem, problemBody, problemContentType } from './errors';
import type { BadBodyKind } from './errors';
import type { FaultRule, StatusFault } from './faults';
import { unknownRouteKey } from './route-keys';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route key of the route (see route-keys.ts). */
    key?: string;
    /** Error sent when the route's body cannot be read. */
    badBody?: BadBodyKind;
  }
  interface FastifyRequest {
    /** A fault to apply later in the request (a delay, or a status or reset after the handler). */
    sandboxFault: FaultRule | null;
    /** Client id of the access token (listings endpoints only). */
    clientId: string;
  }
}

/** The route key of a request (its route's key, or the unknown-route key). */
export function routeKeyOf(request: FastifyRequest): string {
  return request.routeOptions.config.key ?? unknownRouteKey(request.method);
}

/** The request path without its query string (the `instance` of error objects). */
export function requestPath(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q === -1 ? request.url : request.url.slice(0, q);
}

/** Registers the latency, fault and counting hooks on the root instance. */
export function installHooks(app: FastifyInstance, ctx: SandboxContext): void {
  app.decorateRequest('sandboxFault', null);
  app.decorateRequest('clientId', '');

  app.addHook('onRequest', async (request, reply) => {
    const { latencyMs } = ctx.config;
    if (latencyMs > 0) await sleep(latencyMs, undefined, { signal: ctx.closing });
    const fault = ctx.faults.pick(routeKeyOf(request));
    if (!fault) return;
    if (fault.kind === 'delay' || fault.when === 'after') {
      request.sandboxFault = fault;
    } else if (fault.kind === 'reset') {
      ctx.stats.record(routeKeyOf(request), 'reset');
      reply.hijack();
      request.raw.socket.destroy();
    } else {
      const { body, type } = faultBody(fault, request);
      return reply.code(fault.status).headers(faultHeaders(fault)).type(type).send(body);
    }
  });

  // A delay holds the request after its body was read, as a slow service would: a client that times
  // out meanwhile cannot tell whether the change happened (the handler still runs).
  app.addHook('preHandler', async (request) => {
    const fault = request.sandboxFault;
    if (fault?.kind !== 'delay') return;
    request.sandboxFault = null;
    await sleep(fault.ms, undefined, { signal: ctx.closing });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fault = request.sandboxFault;
    if (fault?.kind === 'reset') {
      // The handler has run; the client never learns whether its request took effect.
      ctx.stats.record(routeKeyOf(request), 'reset');
      discard(payload);
      request.raw.socket.destroy();
      return '';
    }
    if (fault?.kind === 'status') {
      request.sandboxFault = null;
      discard(payload);
      const { body, type } = faultBody(fault, request);
      reply.code(fault.status).headers(faultHeaders(fault)).type(type);
      reply.removeHeader('content-length');
      ctx.stats.record(routeKeyOf(request), fault.status);
      return body;
    }
    ctx.stats.record(routeKeyOf(request), reply.statusCode);
    return payload;
  });
}

function faultHeaders(fault: StatusFault): Record<string, string> {
  const retry = fault.status === 429 || fault.status === 503;
  return retry ? { 'retry-after': String(fault.retryAfterSeconds ?? 1) } : {};
}

function faultBody(fault: StatusFault, request: FastifyRequest): { body: string; type: string } {
  const kind = fault.body ?? (fault.status === 502 || fault.status === 504 ? 'html' : 'json');
  const reason = STATUS_CODES[fault.status] ?? 'Error';
  if (kind === 'empty') return { body: '', type: 'text/plain' };
  if (kind === 'html') {
    // What a reverse proxy in front of the service sends when the upstream fails.
    const title = `${fault.status} ${reason}`;
    const html = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
    return { body: html, type: 'text/html' };
  }
  const problem = new Problem(fault.status, reason, `Injected fault: ${reason}.`);
  return {
    body: JSON.stringify(problemBody(problem, requestPath(request))),
    type: 'application/problem+json',
  };
}

function discard(payload: unknown): void {
  if (payload && typeof (payload as { destroy?: unknown }).destroy === 'function') {
    (payload as { destroy: () => void }).destroy();
  }
}

/** Sends `problem` as the error object of `request`. */
export function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: Problem): FastifyReply {
  return reply
    .code(problem.status)
    .headers(problem.headers)
    .type(problemContentType(problem))
    .send(JSON.stringify(problemBody(problem, requestPath(request))));
}
