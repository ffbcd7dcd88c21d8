// extensionTestsPath entry: runs mocha (bdd) inside the extension host over the bundled *.test.js files next to
// this file. NEAR_LENS_TEST_SUITE=untrusted picks *.untrusted.test.js (the trust-on run), anything else the
// rest; NEAR_LENS_TEST_GREP filters by title. Must not depend on the runner process beyond the environment.
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import path from 'node:path';

export async function run(): Promise<void> {
  const suite = process.env['NEAR_LENS_TEST_SUITE'] === 'untrusted' ? 'untrusted' : 'main';
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 20_000, color: false });
  const grep = process.env['NEAR_LENS_TEST_GREP'];
  if (grep) mocha.grep(grep);
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .filter((f) => f.endsWith('.untrusted.test.js') === (suite === 'untrusted'))
    .sort();
  if (files.length === 0) throw new Error(`no ${suite} test files in ${__dirname}`);
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} in-editor test(s) failed`)) : resolve()));
  });
}
