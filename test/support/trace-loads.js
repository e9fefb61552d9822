// Preloaded into a CLI child process by tests (--import): writes every module URL the process
// resolved, one per line, to $WINNET_KB_TRACE_LOADS when it exits.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    seen.add(resolved.url);
    return resolved;
  },
});
process.on('exit', () => writeFileSync(process.env.WINNET_KB_TRACE_LOADS, [...seen].join('\n')));
