// dependency-cruiser: no import circle in src/. Type-only imports count (tsPreCompilationDeps),
// since a circle closed by a type is still two modules that cannot be read, moved or tested apart.
// `npm run lint` runs it (`npm run lint:cycles`) and test/lint/cycles.test.ts holds it to a planted
// circle. There is no baseline of known circles: any circle in src/ fails.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: give the type or function that closes it a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // A stale cache would hide a circle; the cruise of src/ takes a few seconds.
    cache: false,
  },
};
