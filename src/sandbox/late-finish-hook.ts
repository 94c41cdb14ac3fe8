// The hook of the quirk `lateFinish` (late-finish.ts): holds the creates it names after their body
// was read, so that the handler makes the listing or publication only once the delay is over.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './context';
import { routeKeyOf } from './hooks';
import type { Quirks } from './quirks';

const ROUTES = {
  'POST /v1/listings': 'listingMs',
  'POST /v1/listings/:uuid/publications': 'publicationMs',
} as const;

/** Holds the creates the quirk names (after their body was read, before the handler runs). */
export function installLateFinish(app: FastifyInstance, ctx: SandboxContext): void {
  // Creates held so far under each set of quirks (a new set starts counting again).
  const used = new WeakMap<Quirks, { listingMs: number; publicationMs: number }>();
  app.addHook('preHandler', async (request) => {
    const field = ROUTES[routeKeyOf(request) as keyof typeof ROUTES];
    if (!field) return;
    const { quirks } = ctx;
    const late = quirks.lateFinish;
    if (late[field] <= 0) return;
    const count = used.get(quirks) ?? { listingMs: 0, publicationMs: 0 };
    used.set(quirks, count);
    if (late.times !== null && count[field] >= late.times) return;
    count[field] += 1;
    // The handler runs after the delay whether or not the client is still there.
    await sleep(late[field], undefined, { signal: ctx.closing });
  });
}
