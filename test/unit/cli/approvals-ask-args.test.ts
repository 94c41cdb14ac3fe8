// `approvals ask LISTING --price AMOUNT|--pause|--resume|--end sold|deleted` (issue 37.4) parsed before
// anything is opened: exactly one of its options, a price as a seller types it, each mistake said in
// English and German, and its usage in both languages' help.
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/main/cli/args';
import { liveAskOf } from '../../../src/main/cli/args/approvals-args';
import { cliWords } from '../../../src/main/cli/words';
import { usageProblem as problem } from '../helpers/cli-usage';

const LISTING = '0b6f1f0e-2222-4b4b-9c9c-111111111111';

describe('approvals ask on the command line', () => {
  it('reads a price (12.50 or 12,50), a pause, a resume and an end as sold or deleted', () => {
    for (const typed of ['12.50', '12,50'])
      expect(parseCliArgs(['approvals', 'ask', LISTING, '--price', typed])).toMatchObject({
        command: 'approvals',
        approvalAction: 'ask',
        operands: [LISTING],
        liveAsk: { kind: 'price', amount: 12.5 },
      });
    expect(parseCliArgs(['approvals', 'ask', LISTING, '--pause']).liveAsk).toEqual({
      kind: 'pause',
      state: 'PAUSED',
    });
    expect(parseCliArgs(['approvals', 'ask', LISTING, '--resume']).liveAsk).toEqual({
      kind: 'pause',
      state: 'RESUMED',
    });
    expect(parseCliArgs(['approvals', 'ask', LISTING, '--end', 'sold']).liveAsk).toEqual({
      kind: 'end',
      sold: true,
    });
    const deleted = parseCliArgs(['approvals', 'ask', LISTING, '--end', 'deleted']);
    expect(liveAskOf(deleted.operands[0]!, deleted.liveAsk!)).toEqual({
      kind: 'end',
      listing: LISTING,
      sold: false,
    });
  });

  it('refuses none or two of its options, a bad price or end, and its options elsewhere', () => {
    expect(problem(['approvals', 'ask', LISTING])).toEqual({ problem: 'approvals-ask' });
    expect(problem(['approvals', 'ask', '--pause'])).toEqual({ problem: 'approvals-ask' });
    expect(problem(['approvals', 'ask', LISTING, '--pause', '--resume'])).toEqual({
      problem: 'approvals-ask',
    });
    expect(problem(['approvals', 'ask', LISTING, '--end', 'gone'])).toEqual({ problem: 'approvals-ask' });
    expect(problem(['approvals', 'ask', LISTING, '--price', 'cheap'])).toEqual({
      problem: 'approvals-price',
      value: 'cheap',
    });
    expect(problem(['approvals', 'ask', LISTING, '--price=-3'])).toMatchObject({
      problem: 'approvals-price',
    });
    expect(problem(['approvals', 'list', '--pause'])).toEqual({
      problem: 'not-with',
      flag: '--pause',
      command: 'approvals',
    });
    expect(problem(['listings', '--price', '3'])).toMatchObject({ problem: 'not-with', flag: '--price' });
    expect(problem(['approvals', 'ask', LISTING, '--pause', '--json'])).toMatchObject({ flag: '--json' });
  });

  it('says its usage in English and German', () => {
    expect(cliWords('en').usage({ problem: 'approvals-ask' })).toContain(
      'approvals ask LISTING --price 12.50',
    );
    expect(cliWords('de').usage({ problem: 'approvals-ask' })).toContain(
      'approvals ask ANZEIGE --price 12,50',
    );
    expect(cliWords('de').usage({ problem: 'approvals-price', value: 'billig' })).toContain('„billig“');
    expect(cliWords('en').help).toContain(
      '  approvals ask LISTING --price AMOUNT|--pause|--resume|--end sold|deleted',
    );
    expect(cliWords('de').help).toContain(
      '  approvals ask ANZEIGE --price BETRAG|--pause|--resume|--end sold|deleted',
    );
  });
});
