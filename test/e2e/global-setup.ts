// Builds the app once before the e2e run when out/ is missing or stale.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-needed.mjs')], {
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('The app did not build; see the output above.');
}
