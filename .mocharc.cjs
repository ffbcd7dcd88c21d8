// The unit suite's mocha settings. Files, folders or globs named on the command line run alone (`npx mocha
// test/unit/near/ids.test.ts`): mocha adds a config's spec to the command line's, so the suite's is left out then.
// test/support/fastCheck.ts sets fast-check up for every file (FC_SEED, FC_NUM_RUNS).
const { existsSync } = require('node:fs');

/** Options whose next argument is their value, not a test file. */
const VALUED = new Set(
  [
    '-r --require --config --package --file --ignore --exclude -g --grep -f --fgrep -R --reporter -O --reporter-option',
    '-t --timeout -s --slow -u --ui --extension --retries -j --jobs -n --node-option',
  ]
    .join(' ')
    .split(' '),
);
const args = process.argv.slice(2);
const named = args.some((a, i) => !a.startsWith('-') && !VALUED.has(args[i - 1] ?? '') && (a.includes('*') || existsSync(a)));

module.exports = {
  require: ['tsx/cjs', 'test/support/fastCheck.ts'],
  extension: ['ts'],
  spec: named ? [] : ['test/unit/**/*.test.ts'],
  timeout: 10000,
  reporter: 'spec',
};
