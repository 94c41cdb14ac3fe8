// The soak benchmark (issue 38.3; soak.ts says what runs): SOAK_DAYS (7) days of a shop's work in
// SOAK_MINUTES (30) minutes. Prints each figure beside its target with pass or FAIL; exits 1 when one
// misses. Needs the built web shell (`npm run build`), Debian's chromium and postgresql, and a D-Bus
// session with an unlocked gnome-keyring (the desks keep their passwords in the keychain):
//   XDG_DATA_HOME=$(mktemp -d) dbus-run-session -- sh -c 'echo -n soak | gnome-keyring-daemon \
//     --unlock --components=secrets >/dev/null; exec "$@"' sh npx tsx bench/soak/run.ts
import { figureLines } from './figures';
import { runSoak } from './soak';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const days = Number(process.env.SOAK_DAYS ?? 7);
const begun = performance.now();
const step = (what: string) =>
  console.error(`  [${((performance.now() - begun) / 1000).toFixed(0)} s] ${what}`);

const result = await runSoak({ minutes, days, settleMs: 180_000, step });
const { end } = result;
console.log(
  `\nSoak: ${days} days of a shop's work in ${minutes} minutes (clock ${result.rate.toFixed(0)} × real time)`,
);
console.log(
  `  work done: due tasks ${JSON.stringify(end.dueDone)}; jobs ${JSON.stringify(end.jobsByState)}; ` +
    `kills: desk B ${end.kills.deskB}, desk A ${end.kills.deskA}; database restarts ${end.kills.databaseRestarts}`,
);
const lines = figureLines(result);
const width = Math.max(...lines.map((l) => l.what.length));
for (const line of lines)
  console.log(
    `  ${line.what.padEnd(width)}  ${line.value}  (target ${line.target})  ${line.ok ? 'pass' : 'FAIL'}`,
  );
const failed = lines.filter((l) => !l.ok).length;
console.log(failed === 0 ? '\nEvery figure meets its target.' : `\n${failed} figure(s) miss their target.`);
process.exit(failed === 0 ? 0 : 1);
