// A desk's runner of due tasks in a process of its own, for the kill -9 test (issue 25.6): a session
// on the shop's database (DUE_CHILD names it), the shop's claims of due tasks and one source whose
// task `DUE_CHILD.key` never ends by itself. It prints {"running": key} once the task runs; the test
// then kills it with SIGKILL.
import { createRunner } from '../../../src/main/automation/runner';
import { systemClock } from '../../../src/main/automation/clock';
import { shopTaskClaims } from '../../../src/main/shop/claims/due-claims';
import { deskSession, TEST_LEASE } from './desk-session';

interface ChildConfig {
  url: string;
  shopId: string;
  name: string;
  key: string;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.DUE_CHILD ?? '{}') as ChildConfig;
  const session = await deskSession(config.url, config.shopId, config.name);
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const claims = shopTaskClaims({
    db: session.pool,
    deskId: session.membership.deskId,
    log: quiet,
    timing: TEST_LEASE,
  });
  const runner = createRunner({ claims: () => claims, clock: systemClock(), log: quiet });
  runner.register({
    due: async (now) => [
      {
        key: config.key,
        kind: 'feed',
        dueAt: now,
        label: 'a feed run that hangs',
        run: () => {
          process.stdout.write(
            `${JSON.stringify({ running: config.key, desk: session.membership.deskId })}\n`,
          );
          return new Promise<void>(() => undefined);
        },
      },
    ],
  });
  await runner.runDue();
}

void main();
