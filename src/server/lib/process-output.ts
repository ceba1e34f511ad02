/**
 * The process's own lines (the banner, the steps of a stop, the last word on an error), written
 * only while someone reads them. When the terminal or the log pipe behind stdout or stderr goes
 * away, a write fails with EPIPE and the stream emits an error: unhandled, that error would reach
 * the process's last-resort handler, whose own line to stderr fails again, without end — a stop
 * that never ends (issue 46). A stream that failed once is left alone: the shop goes on, and stops,
 * without its output.
 */
const gone = new WeakSet<NodeJS.WriteStream>();

function keepQuietWhenGone(stream: NodeJS.WriteStream) {
  stream.on('error', () => gone.add(stream));
}
keepQuietWhenGone(process.stdout);
keepQuietWhenGone(process.stderr);

function write(stream: NodeJS.WriteStream, text: string): void {
  if (gone.has(stream) || stream.destroyed || !stream.writable) return;
  try {
    stream.write(text);
  } catch {
    gone.add(stream);
  }
}

/** A line for the person who started the shop (stdout). */
export function say(line: string): void {
  write(process.stdout, `${line}\n`);
}

/** A problem, for whoever reads stderr (the text as given: end it with a newline). */
export function complain(text: string): void {
  write(process.stderr, text);
}

/** Whether the error is one of writing the process's own output to a reader that went away. */
export function isBrokenOutput(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED') && (gone.has(process.stdout) || gone.has(process.stderr));
}
