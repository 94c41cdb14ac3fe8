// The client secret of `accounts add`: from standard input when it is a pipe or a file (a script,
// a password manager's output), else from a prompt that does not echo what is typed. Never from an
// argument: those land in the shell's history and in every process list.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Reads all of `input` and returns it without its line ending. */
async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  // Only the final line ending goes: a secret may well end in spaces.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks for the secret on the terminal with echo off; resolves to what was typed (null: Ctrl+C or Ctrl+D). */
function prompt(
  question: string,
  input: NodeJS.ReadStream,
  output: NodeJS.WriteStream,
): Promise<string | null> {
  let muted = false;
  // readline echoes through its output stream: the question passes, the typed characters do not.
  const silent = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) output.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input, output: silent, terminal: true });
  return new Promise((resolve) => {
    let answered = false;
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
    muted = true;
    rl.on('SIGINT', () => rl.close());
    rl.on('close', () => {
      output.write('\n');
      if (!answered) resolve(null);
    });
  });
}

/** The secret: standard input's text when it is not a terminal, else asked for with `question`. */
export async function readSecret(
  question: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Promise<string | null> {
  if (!input.isTTY) return readAll(input);
  return prompt(question, input, output);
}
