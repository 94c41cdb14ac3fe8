// How a recorded holder of a data folder is judged from this process (issue 23.6): what can be
// looked at here is live or dead; another computer or pid namespace is left to the heartbeat.
import { describe, expect, it } from 'vitest';
import { judgeHolder, procStat, thisProcess } from '../../../src/main/storage/lock-identity';

describe('judging a lock’s holder', () => {
  const me = thisProcess();

  it('finds this very process live, and its pid with another start time dead', () => {
    expect(judgeHolder(me, me)).toBe('live');
    if (me.processStart) expect(judgeHolder({ ...me, processStart: '1' }, me)).toBe('dead');
  });

  it('finds a pid that does not run dead, and any holder of another boot dead', () => {
    expect(judgeHolder({ ...me, pid: 2 ** 22 + 1 }, me)).toBe('dead');
    expect(judgeHolder(me, { ...me, boot: 'another-boot' })).toBe('dead');
  });

  it('leaves another computer and another pid namespace to the heartbeat', () => {
    expect(judgeHolder({ ...me, computer: `${me.computer}-upstairs` }, me)).toBe('heartbeat');
    // Two computers of one name: told apart by their machine ids where both have one.
    expect(judgeHolder({ ...me, machineId: 'ffff' }, { ...me, machineId: 'eeee' })).toBe('heartbeat');
    expect(judgeHolder({ ...me, pidNamespace: 'pid:[1]' }, { ...me, pidNamespace: 'pid:[2]' })).toBe(
      'heartbeat',
    );
  });

  it('takes boot times a little apart as one boot, minutes apart as two', () => {
    const at = (ms: number) => ({ ...me, boot: `time:${ms}` });
    expect(judgeHolder(at(1_000_000), at(1_030_000))).toBe('live');
    expect(judgeHolder(at(1_000_000), at(1_300_000))).toBe('dead');
  });

  it('reads the kernel’s state and start time of a process', () => {
    if (process.platform !== 'linux') return expect(procStat(process.pid)).toBeUndefined();
    expect(procStat(process.pid)).toEqual({ state: expect.stringMatching(/^[RS]$/), start: me.processStart });
  });
});
