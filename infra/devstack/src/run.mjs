// Runs a command in the foreground; resolves with its exit code. With `onLine`, its output is
// passed through unchanged and each line is also handed to `onLine`.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export function run(command, args, { onLine, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: onLine ? ['inherit', 'pipe', 'pipe'] : 'inherit',
      ...options,
    });
    if (onLine) {
      for (const [stream, sink] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        stream.pipe(sink, { end: false });
        createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
