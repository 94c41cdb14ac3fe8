// Runs a child process in the foreground: same terminal, signals passed on, exit code passed back.
import { spawn } from 'node:child_process';

export function runForeground(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    process.stderr.write(`listing-desk: could not start ${command}: ${error.message}\n`);
    process.exit(1);
  });
}
