// A desk that pauses a publication in a process of its own, for the kill -9 test of issue 37.5: it
// records the call in the team's database, sends it to the sandbox, then prints {"sent":true} and
// stops there (the kill point: the service took the pause, its row is not written yet).
import { runLiveCall } from '../../../src/main/live/live-call-run';
import { claimLiveCall } from '../../../src/main/shop/claims/live-call-claims';
import { shopTaskClaims } from '../../../src/main/shop/claims/due-claims';
import { clientOf } from '../../integration/publish/ports';
import { ACCOUNT } from './live-calls-desk';
import { deskSession, TEST_LEASE } from './desk-session';

interface ChildConfig {
  url: string;
  shopId: string;
  name: string;
  sb: { authUrl: string; baseUrl: string; clients: { clientId: string; clientSecret: string }[] };
  listing: string;
  publication: string;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.PAUSE_CHILD ?? '{}') as ChildConfig;
  const session = await deskSession(config.url, config.shopId, config.name);
  const quiet = { info: () => undefined, warn: () => undefined };
  const claims = shopTaskClaims({
    db: session.pool,
    deskId: session.membership.deskId,
    log: quiet,
    timing: TEST_LEASE,
  });
  const client = clientOf(config.sb);
  await runLiveCall({
    calls: {
      async begin(call) {
        const hold = await claimLiveCall(claims, call);
        if (!hold) throw new Error('not claimed');
        return {
          settle: async () => {
            process.stdout.write(`${JSON.stringify({ sent: true })}\n`);
            await new Promise(() => undefined);
          },
          leave: hold.leave,
        };
      },
    },
    call: {
      kind: 'pause',
      account: ACCOUNT,
      ad: config.listing,
      publication: config.publication,
      state: 'PAUSED',
    },
    send: () => client.setPublicationState(config.listing, config.publication, 'PAUSED'),
    changed: () => ({ publication: config.publication, state: 'PAUSED' }),
    log: { error: () => undefined },
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `pause-child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
