// Which starts of the app are a command (issue 25.7): the packaged executable's argv and the
// development one (`electron .`), launchers' switches, files a launcher passes, hostile words.
import { describe, expect, it } from 'vitest';
import { commands, parseCliArgs, UsageError } from '../../../../src/main/cli/args';
import {
  CHROMIUM_SWITCHES,
  commandArguments,
  isChromiumSwitch,
} from '../../../../src/main/shells/electron/command-args';

const exe = '/opt/Listing Desk/listing-desk';

describe('commandArguments, packaged (argv: the executable, then the arguments)', () => {
  it.each([
    [
      ['import', 'stock.csv', '--photos', './photos'],
      ['import', 'stock.csv', '--photos', './photos'],
    ],
    [
      ['publish', '--ready'],
      ['publish', '--ready'],
    ],
    [['help'], ['help']],
    [['--help'], ['--help']],
    [['-h'], ['-h']],
    [
      ['status', '--json', '--data-dir', '/srv/desk'],
      ['status', '--json', '--data-dir', '/srv/desk'],
    ],
    // Options before the word, with their values apart or joined.
    [
      ['--data-dir', '/srv/desk', 'status'],
      ['--data-dir', '/srv/desk', 'status'],
    ],
    [
      ['--data-dir=/srv/desk', 'listings', '--json'],
      ['--data-dir=/srv/desk', 'listings', '--json'],
    ],
    // A mistyped option reaches the command line, which refuses it (exit 2) as npm run cli does.
    [
      ['status', '--jsn'],
      ['status', '--jsn'],
    ],
  ])('%j is the command %j', (args, expected) => {
    expect(commandArguments([exe, ...args], false)).toEqual(expected);
  });

  it('drops the switches launchers add, wherever they stand', () => {
    // AppImage's AppRun appends --no-sandbox where user namespaces are missing; desktops add Ozone's.
    expect(
      commandArguments(
        [exe, '--no-sandbox', '--ozone-platform-hint=auto', 'publish', '--ready', '--enable-features=X,Y'],
        false,
      ),
    ).toEqual(['publish', '--ready']);
    expect(commandArguments([exe, '-psn_0_123456', 'status'], false)).toEqual(['status']);
  });

  it.each([
    [[]],
    [['--no-sandbox']],
    [['--data-dir=/srv/desk']],
    [['--data-dir', '/srv/desk']],
    [['--ozone-platform=wayland', '--enable-logging']],
    // A file or address a launcher passes (the desktop entry's %U) opens the window, as before.
    [['/home/seller/stock.csv']],
    [['file:///home/seller/import']],
    [['./publish']],
    // A word the command line does not know is no command: a window, not a usage error.
    [['frobnicate']],
    [['Publish']],
    [['publish ']],
    [['--publish']],
    [['--help=yes']],
  ])('%j opens the window', (args) => {
    expect(commandArguments([exe, ...args], false)).toBeUndefined();
  });

  it('knows every command of the command line, and help', () => {
    for (const word of [...commands, 'help']) expect(commandArguments([exe, word], false)).toEqual([word]);
  });
});

describe('commandArguments, development (argv: electron, its switches, the app path, the arguments)', () => {
  it('skips the app path and the switches before it', () => {
    expect(commandArguments(['electron', '.', 'status', '--json'], true)).toEqual(['status', '--json']);
    // Playwright's _electron.launch puts its debugging switches before the app's path.
    expect(
      commandArguments(
        ['electron', '--inspect=0', '--remote-debugging-port=0', '/work/app', '--lang=en-US', 'help'],
        true,
      ),
    ).toEqual(['help']);
  });

  it('never takes the app path for a command, nor opens a window for a command after it', () => {
    expect(commandArguments(['electron', '.'], true)).toBeUndefined();
    expect(commandArguments(['electron', 'publish'], true)).toBeUndefined();
    expect(commandArguments(['electron', 'publish', 'publish', '--ready'], true)).toEqual([
      'publish',
      '--ready',
    ]);
    expect(commandArguments(['electron'], true)).toBeUndefined();
  });
});

describe('isChromiumSwitch', () => {
  it('matches a whole switch name only', () => {
    expect(isChromiumSwitch('--no-sandbox')).toBe(true);
    expect(isChromiumSwitch('--ozone-platform=headless')).toBe(true);
    expect(isChromiumSwitch('--v=1')).toBe(true);
    expect(isChromiumSwitch('--ozone-platformx')).toBe(false);
    expect(isChromiumSwitch('--no-sandboxes')).toBe(false);
    expect(isChromiumSwitch('-no-sandbox')).toBe(false);
    expect(isChromiumSwitch('no-sandbox')).toBe(false);
    expect(isChromiumSwitch('-psn_0_12x')).toBe(false);
  });

  it.each(CHROMIUM_SWITCHES)(
    'is no option of the command line: --%s would be refused by it, so dropping it loses nothing',
    (name) => {
      expect(() => parseCliArgs(['status', `--${name}`])).toThrow(UsageError);
      expect(() => parseCliArgs(['status', `--${name}=1`])).toThrow(UsageError);
    },
  );
});
