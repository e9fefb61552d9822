/**
 * Output that cannot drive the terminal. Plan values, file names, object names and messages of
 * the CLI come from input, and a crafted plan file holding ESC and BEL could rewrite the terminal
 * it was printed to (OSC and CSI sequences: titles, colours, cursor, even the clipboard). Every
 * control character other than tab and newline (C0, DEL, C1) and the bidirectional overrides
 * that reorder what is shown are written as `\uXXXX`. The CLI prints no control character of its
 * own (no colours), and JSON, SARIF and JUnit output already escape C0 inside strings, so what
 * it changes is only text that came from input; `\uXXXX` inside a JSON string still decodes to
 * the same character.
 */

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The stream, with every string written through escapeControls; events (drain) are the stream's own. */
export function escapingStream(stream: NodeJS.WritableStream): NodeJS.WritableStream {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write') return (chunk: unknown, ...rest: unknown[]) => write(typeof chunk === 'string' ? escapeControls(chunk) : chunk, ...rest);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A short piece of input for an error message: at most `max` characters once control characters
 * are escaped (an escape is never cut), then "...". An error names what it refuses without
 * copying a whole line of a file that may not be what it claims to be.
 */
export function excerpt(text: string, max = 60): string {
  let out = '';
  for (const char of text) {
    const shown = escapeControls(char);
    if (out.length + shown.length > max) return `${out}...`;
    out += shown;
  }
  return out;
}
