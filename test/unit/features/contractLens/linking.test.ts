// Which accounts a workspace contract is linked to: the deployments setting (trusted workspaces only, every entry
// checked), else the watched accounts whose NEP-330 metadata names the crate; and the value Link Contract writes.
import { strict as assert } from 'node:assert';
import { cratePathKey, linkedAccounts, metadataNames, parseDeployments, withDeployment } from '../../../../src/features/contractLens/model/linking';
import type { WorkspaceContract } from '../../../../src/features/contractLens/model/types';

const GAME: WorkspaceContract = {
  path: 'contracts/game',
  folder: 'file:///w',
  name: 'game-contract',
  repository: 'https://github.com/example/lens-games',
  language: 'rust',
};
const ARCADE: WorkspaceContract = { path: 'contracts/arcade', folder: 'file:///w', name: 'arcade-contract', language: 'rust' };

describe('contract lens: linking', () => {
  it('crate folders compare as written or with ./, \\ and trailing slashes', () => {
    assert.equal(cratePathKey('./contracts/game/'), 'contracts/game');
    assert.equal(cratePathKey('contracts\\game'), 'contracts/game');
    assert.equal(cratePathKey('.'), '');
  });

  it('keeps valid ids (lower case, once) and says which entries it ignored, and why', () => {
    const { deployments, problems } = parseDeployments({
      'contracts/game/': ['Game.Hot.TG', 'game.testnet', 'game.hot.tg', 'not an id', 7],
      'contracts/arcade': 'arcade.near',
    });
    assert.deepEqual(deployments['contracts/game'], ['game.hot.tg', 'game.testnet']);
    assert.equal(deployments['contracts/arcade'], undefined);
    assert.deepEqual(
      problems.map((p) => p.path),
      ['contracts/game', 'contracts/game', 'contracts/arcade'],
    );
    assert.match(problems[0]?.message ?? '', /"not an id" is not an account id .*ignored/);
    assert.match(problems[2]?.message ?? '', /is not a list of account ids/);
    assert.deepEqual(
      parseDeployments('contracts/game').problems.map((p) => p.path),
      [''],
    );
    assert.deepEqual(parseDeployments(undefined), { deployments: {}, problems: [] });
  });

  it('the setting wins in a trusted workspace; an untrusted one links by metadata only', () => {
    const deployments = parseDeployments({ 'contracts/game': ['game.hot.tg', 'game.testnet'] }).deployments;
    const watched = [{ accountId: 'game.lensdev.near', source: { contractPath: 'contracts/game' } }];
    assert.deepEqual(linkedAccounts(GAME, deployments, watched, true), { accounts: ['game.hot.tg', 'game.testnet'], origin: 'setting' });
    assert.deepEqual(linkedAccounts(GAME, deployments, watched, false), { accounts: ['game.lensdev.near'], origin: 'metadata' });
    assert.equal(linkedAccounts(ARCADE, deployments, watched, true), undefined);
  });

  it('metadata names a crate by its contract_path, else by its link to the crate repository', () => {
    assert.ok(metadataNames(GAME, { contractPath: './contracts/game/' }));
    assert.ok(
      !metadataNames(GAME, { contractPath: 'contracts/arcade', link: 'https://github.com/example/lens-games' }),
      'a path to another crate of the repository',
    );
    assert.ok(metadataNames(GAME, { link: 'git+https://GitHub.com/example/lens-games.git/' }));
    assert.ok(metadataNames(GAME, { link: 'https://github.com/example/lens-games/' }));
    assert.ok(!metadataNames(GAME, { link: 'https://github.com/example/other' }));
    assert.ok(!metadataNames(ARCADE, { link: 'https://github.com/example/lens-games' }), 'a crate without a repository');
    assert.ok(!metadataNames(GAME, undefined));
  });

  it('Link Contract writes the account under the folder, keeping every other entry', () => {
    const before = { 'contracts/arcade': ['arcade.near'], 'contracts/game': ['game.hot.tg'] };
    assert.deepEqual(withDeployment(before, './contracts/game/', 'Game.Testnet'), {
      'contracts/arcade': ['arcade.near'],
      'contracts/game': ['game.hot.tg', 'game.testnet'],
    });
    assert.deepEqual(withDeployment(before, 'contracts/game', 'game.hot.tg'), before);
    assert.deepEqual(withDeployment('junk', 'contracts/game', 'a.near'), { 'contracts/game': ['a.near'] });
  });
});
