// Opens the shell's address in the seller's browser; failing that, the printed line is enough.
import { spawn } from 'node:child_process';

/** Asks the desktop to open a URL; never throws. */
export function openInBrowser(url: string, platform = process.platform): void {
  const [cmd, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No desktop to open it with: the address was printed.
  }
}
