// The built web shell for the benches that measure in Chromium: started on a free port over a data
// folder, its address read from its first line, stopped (and waited for) at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');

export interface BenchShell {
  child: ChildProcess;
  url: Promise<string>;
}

/** Starts `out/main/web.js` (build first) with the locale given, e.g. `de_DE.UTF-8`. */
export function startShell(dataDir: string, lang = 'en_US.UTF-8'): BenchShell {
  const child = spawn(
    process.execPath,
    [path.join(root, 'out/main/web.js'), '--port', '0', '--no-open', '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LANG: lang } },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /running at (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`The web shell exited with ${code}:\n${stderr}`)));
  });
  return { child, url };
}

/** Stops the shell and waits for it to exit (no zombie left behind). */
export async function stopShell(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
