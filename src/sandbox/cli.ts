// `npm run sandbox -- [flags]`: runs the sandbox until SIGINT or SIGTERM. The only stdout output is
// one JSON line with the URLs and credentials, so scripts can read it; logs go to stderr.
import { USAGE, parseCli } from './cli-args';
import { startSandbox } from './sandbox';

async function main(): Promise<void> {
  let command;
  try {
    command = parseCli(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (command.help) {
    process.stdout.write(USAGE);
    return;
  }
  const sandbox = await startSandbox(command.options);
  const [first] = sandbox.clients;
  const ready = {
    authUrl: sandbox.authUrl,
    baseUrl: sandbox.baseUrl,
    clientId: first?.clientId,
    clientSecret: first?.clientSecret,
    clients: sandbox.clients.map(({ clientId, clientSecret }) => ({ clientId, clientSecret })),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.stderr.write(`sandbox: listening at ${sandbox.baseUrl} (token at ${sandbox.authUrl}/oidc/token)\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`sandbox: ${signal}, closing\n`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: close failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
