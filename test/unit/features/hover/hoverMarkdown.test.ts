// Hover markdown builders: escaping of hostile ids and service strings, negative spendable, the validator caveat,
// no such account, errors, links only to allowlisted commands, and the secret-key warning (never echoing it).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normaliseFull } from '../../../../src/near/account';
import type { AccountFull } from '../../../../src/near/account';
import { HOVER_COMMANDS, accountLinks, buildHoverSections, identityMarkdown, publicKeyLinks } from '../../../../src/features/hover/model/hoverMarkdown';
import { commandIdsIn, commandLink } from '../../../../src/ui/links';
import type { HoverOptions, LiveResult } from '../../../../src/features/hover/model/hoverMarkdown';
import { classify } from '../../../../src/near/ids';
import { base58Encode } from '../../../../src/near/base58';
import { findAt } from '../../../../src/near/idFinder';
import type { Classified } from '../../../../src/near/ids';
import type { FtMetadata } from '../../../../src/client/client';
import { RAW_MEANS, slotFailed, slotLoaded } from '../../../../src/ui/slots';
import { escapeMarkdown } from '../../../../src/base/text';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(__dirname, '../../../fixtures', name), 'utf8')) as unknown;
}
function full(id: string): AccountFull {
  return normaliseFull(fixture(`fastnear-v1-account-full-${id}.json`));
}
const OPTS: HoverOptions = { decimals: 5, liquidStakingProviders: ['meta-pool.near', 'linear-protocol.near', 'lst.rhealab.near'], hasExplorer: true };
function account(id: string): Classified {
  const c = classify(id);
  assert.equal(c.kind, 'account', id);
  return c;
}
function live(id: string, extra?: Partial<Extract<LiveResult, { kind: 'account' }>>): LiveResult {
  return { kind: 'account', full: full(id), network: 'mainnet', host: 'api.fastnear.com', ...extra };
}
function all(sections: string[]): string {
  return sections.join('\n\n---\n\n');
}
/** Every link target in the markdown (anything inside `](…)`). */
function linkTargets(md: string): string[] {
  return [...md.matchAll(/\]\(([^)\s]*)/g)].map((m) => m[1] ?? '');
}

describe('hover markdown', () => {
  it('decodes a named sub-account and shows the live figures', () => {
    const md = all(buildHoverSections(account('alice.near'), live('alice.near'), OPTS));
    assert.match(md, /\*\*alice\\\.near\*\* · NEAR account/);
    assert.match(md, /sub-account of \*\*near\*\*/);
    assert.match(md, /Total owned: \*\*/);
    assert.match(md, /Spendable: \*\*/);
    assert.match(md, /Storage: 26,340 bytes, pinning 0\\\.2634 NEAR/);
    assert.match(md, /fungible tokens · 2 NFT collections · 2 staking pools/);
    assert.match(md, /Liquid staking · \*\*meta\\-pool\\\.near\*\*/);
    assert.match(md, /Holdings last updated: block #132,000,789/); // one format for a height: as in the tree and the panel
    assert.match(md, /_mainnet · api\\\.fastnear\\\.com_/);
    assert.doesNotMatch(md, /Locked: .*validator/); // locked is 0 for alice
  });

  it('scales liquid-staking holdings with ft_metadata when present, raw with a short reason otherwise', () => {
    const raw = all(buildHoverSections(account('alice.near'), live('alice.near'), OPTS));
    assert.match(raw, /meta\\-pool\\\.near\*\*: \d+ \\\(raw\\\) · metadata not loaded {2}\n/);
    assert.equal(raw.split(escapeMarkdown(RAW_MEANS, 300)).length, 2, 'the raw mark explained once');
    const meta = new Map([['meta-pool.near', slotLoaded<FtMetadata>({ symbol: 'STNEAR', name: 'Staked NEAR', decimals: 24 }, 0)]]);
    const scaled = all(buildHoverSections(account('alice.near'), live('alice.near', { ftMetadata: meta }), OPTS));
    assert.match(scaled, /meta\\-pool\\\.near\*\*: [\d,\\.]+ STNEAR/);
  });

  it('never puts a failed ft_metadata sentence in the hover: the raw mark and "metadata unavailable"', () => {
    const sentence = 'The account meta-pool.near does not exist at the requested block.';
    const failed = new Map([['meta-pool.near', slotFailed<FtMetadata>(undefined, sentence)]]);
    const md = all(buildHoverSections(account('alice.near'), live('alice.near', { ftMetadata: failed }), OPTS));
    assert.match(md, /meta\\-pool\\\.near\*\*: 5000000000000000000000000 \\\(raw\\\) · metadata unavailable {2}\n/);
    assert.ok(!md.includes('does not exist'), md);
    const ok = all(
      buildHoverSections(
        account('alice.near'),
        live('alice.near', { ftMetadata: new Map([['meta-pool.near', slotLoaded<FtMetadata>({ symbol: 'stNEAR', name: 'n', decimals: 24 }, 0)]]) }),
        OPTS,
      ),
    );
    assert.ok(!ok.includes('raw'), 'no raw mark or its explanation once scaled');
  });

  it('shows a negative spendable as negative, with the reason', () => {
    const md = all(buildHoverSections(account('poor.near'), live('poor.near'), OPTS));
    assert.match(md, /Spendable: \*\*\\-0\\\.9999 NEAR\*\* \(negative: the balance does not cover the storage it uses\)/);
  });

  it('a figure rounded to the decimals set has every digit after it; an exact one does not repeat itself', () => {
    // The sandbox's alice.test.near: view_account amount 99999998776381849800000000 yocto, 182 bytes of storage.
    const f = full('alice.near');
    const balance = 99_999_998_776_381_849_800_000_000n;
    const st = { ...f.state!, balance, locked: 0n, total: balance, spendable: balance - 182n * 10n ** 19n, storageBytes: 182, pinned: 182n * 10n ** 19n };
    const plain = all(buildHoverSections(account('alice.near'), live('alice.near', { full: { ...f, state: st } }), OPTS)).replace(/\\(.)/g, '$1');
    assert.ok(plain.includes('Balance: 99.99999 NEAR (exactly 99.9999987763818498)'), plain);
    assert.ok(plain.includes('Total owned: **99.99999 NEAR** (exactly 99.9999987763818498)'), plain);
    assert.ok(plain.includes('Spendable: **99.99817 NEAR** (exactly 99.9981787763818498)'), plain);
    assert.ok(plain.includes('Locked: 0 NEAR  \n'), 'an exact figure is not repeated');
    assert.ok(plain.includes('pinning 0.00182 NEAR  \n'), 'nor the pinned one (182 bytes at 10^19 yocto each)');
  });

  it('adds the validator caveat when locked > 0', () => {
    const md = all(buildHoverSections(account('pool.poolv1.near'), live('pool.poolv1.near'), OPTS));
    assert.match(md, /Locked: 3,500,000 NEAR \(On a validator pool account, locked is the pool&#39;s own stake/);
  });

  it('says "No such account" for state null', () => {
    const md = all(buildHoverSections(account('nobody.near'), live('nobody.near'), OPTS));
    assert.match(md, /\*\*No such account\*\* on mainnet/);
    assert.doesNotMatch(md, /Total owned/);
  });

  it('puts one "Live data unavailable" line under the decoded part on failure', () => {
    const s = buildHoverSections(account('alice.near'), { kind: 'error', message: 'Rate limited by the service — set an API key.' }, OPTS);
    assert.equal(s.length, 3);
    assert.match(s[0] ?? '', /alice/);
    assert.equal(s[1], 'Live data unavailable: Rate limited by the service — set an API key\\.');
  });

  it('escapes hostile strings from the service: no links, HTML, command links or line breaks', () => {
    const hostile: AccountFull = {
      ...full('alice.near'),
      tokens: [
        { contractId: '[x](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>\n# head', balance: { status: 'known', raw: 5n }, lastUpdate: 1 },
      ],
    };
    const md = all(
      buildHoverSections(
        account('alice.near'),
        { kind: 'account', full: hostile, network: 'main\u202enet', host: 'h](javascript:alert(1))' },
        {
          ...OPTS,
          liquidStakingProviders: [hostile.tokens[0]?.contractId ?? ''],
        },
      ),
    );
    assert.ok(!md.includes('<img'), 'raw HTML');
    assert.ok(!md.includes('\u202e'), 'bidi override');
    assert.ok(!md.includes('\n# head'), 'newline from the service');
    for (const t of linkTargets(md)) assert.match(t, /^command:nearLens\./);
    for (const id of commandIdsIn(md)) assert.ok((HOVER_COMMANDS as readonly string[]).includes(id), id);
    const err = all(buildHoverSections(account('alice.near'), { kind: 'error', message: '[click](command:evil) <b>x</b>' }, OPTS));
    assert.ok(!err.includes('<b>'));
    assert.deepEqual(
      commandIdsIn(err).filter((c) => c === 'evil'),
      [],
    );
  });

  it('a missing account offers Check on the network where the id could be and Copy Id only; Add to Watchlist answers (#32)', () => {
    const missing = accountLinks('nobody.near', true, 'testnet');
    assert.deepEqual(
      [...missing.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]),
      ['Check on mainnet', 'Copy Id'],
    );
    assert.ok(missing.includes(`command:nearLens.lookupAccount?${encodeURIComponent(JSON.stringify([{ id: 'nobody.near', network: 'mainnet' }]))}`));
    assert.deepEqual(
      [...accountLinks('f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82', true, 'mainnet').matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]),
      ['Check on testnet', 'Copy Id'],
    );
    assert.ok(accountLinks('alice.near', false).includes(`command:nearLens.watchlist.add?${encodeURIComponent('["alice.near",{"show":true}]')}`));
  });

  it('links only to allowlisted commands, with URI-encoded JSON args', () => {
    const links =
      accountLinks('alice.near', true) + accountLinks('nobody.near', true, 'testnet') + publicKeyLinks('ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd');
    const ids = commandIdsIn(links);
    assert.deepEqual([...new Set(ids)].sort(), [...HOVER_COMMANDS].sort());
    for (const id of ids) assert.ok((HOVER_COMMANDS as readonly string[]).includes(id));
    assert.ok(links.includes(`command:nearLens.openAccountPanel?${encodeURIComponent('["alice.near"]')}`));
    assert.ok(
      links.includes(
        `command:nearLens.lookupPublicKey?${encodeURIComponent(JSON.stringify([{ key: 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd', all: true }]))}`,
      ),
    );
    assert.ok(!accountLinks('alice.near', false).includes('openInExplorer'));
    // Parentheses in an argument cannot close the link early.
    assert.ok(!commandLink('x', 'nearLens.copyText', 'a)b(c').includes('a)b'));
  });

  it('warns about a secret key without echoing it and offers no links', () => {
    const secret = 'ed25519:' + '3'.repeat(87); // 64 bytes of base58 is ~87-88 chars
    const c = classify(secret);
    assert.equal(c.kind, 'sensitive');
    const s = buildHoverSections(c, undefined, OPTS);
    assert.equal(s.length, 1);
    assert.match(s[0] ?? '', /Possible secret key or signature/);
    assert.match(s[0] ?? '', /sent nothing/);
    assert.ok(!(s[0] ?? '').includes('3'.repeat(20)));
    assert.deepEqual(commandIdsIn(s[0] ?? ''), []);
  });

  it('a made-up ed25519 key of 47 bytes says what it is (neither a public nor a secret key), and is still never sent', () => {
    const made = `ed25519:${base58Encode(new Uint8Array(47).fill(7))}`;
    const c = classify(made);
    assert.equal(c.kind, 'sensitive', 'anything that could be secret is never sent');
    const [s] = buildHoverSections(c, undefined, OPTS);
    assert.match(s ?? '', /^\*\*Malformed key in this file\*\*/);
    assert.match(s ?? '', /not a valid ed25519 key\\?: 47 bytes, a public key has 32, a secret key or a signature 64\./);
    assert.match(s ?? '', /NEAR Lens sent nothing: a secret key cut short looks the same\./);
    assert.doesNotMatch(s ?? '', /Possible secret key|a ed25519/);
    assert.ok(!(s ?? '').includes(made.slice(8, 30)), 'the text is not echoed');
  });

  it('decodes a public key: curve, bytes, implicit account; lists accounts and links to /all', () => {
    const key = 'ed25519:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd';
    const c = classify(key);
    assert.equal(c.kind, 'public-key');
    const md = all(
      buildHoverSections(
        c,
        {
          kind: 'public-key',
          accounts: { publicKey: key, accountIds: ['root.near', 'f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82'] },
          network: 'mainnet',
          host: 'api.fastnear.com',
        },
        OPTS,
      ),
    );
    assert.match(md, /Curve ed25519, 32 bytes/);
    assert.match(md, /Implicit account: \*\*f2c1/);
    assert.match(md, /Full-access key of 2 accounts: \*\*root\\\.near\*\*, \*\*f2c1/);
    assert.ok(commandIdsIn(md).includes('nearLens.lookupPublicKey'));
  });

  it('decodes implicit, eth-implicit and top-level ids', () => {
    assert.match(
      identityMarkdown(account('f2c160840040d637041a5dc63eeb23b8aae41a79fc9b0f2d8df07adb613d1d82')),
      /ed25519 public key \*\*ed25519\\:HLcgpHWRn3ij97JfpPNYDScMXVguWSFH1mR58RB7qPpd\*\*/,
    );
    assert.match(identityMarkdown(account('0x' + 'ab'.repeat(20))), /ETH-implicit/);
    assert.match(identityMarkdown(account('near')), /Top-level named account/);
  });

  it('with look-ups off says so and still links', () => {
    const s = buildHoverSections(account('alice.near'), { kind: 'off' }, OPTS);
    assert.equal(s.length, 3);
    assert.match(s[1] ?? '', /look-ups are off/);
  });

  it('a local node is named by its host once: "local · 127.0.0.1:3031 · RPC", never "custom"', () => {
    const at = { network: 'local · 127.0.0.1:3031', host: '127.0.0.1:3031 · RPC' };
    const plain = (md: string): string => md.replace(/\\(.)/g, '$1');
    const md = plain(all(buildHoverSections(account('alice.near'), live('alice.near', at), OPTS)));
    assert.ok(md.includes('_local · 127.0.0.1:3031 · RPC_'), md);
    assert.ok(!md.includes('3031 · 127'), md);
    const missing = plain(all(buildHoverSections(account('nobody.near'), live('nobody.near', at), OPTS)));
    assert.ok(missing.includes('**No such account** on local · 127.0.0.1:3031'), missing);
  });

  it('works from (line, column) with findAt', () => {
    const f = findAt('const owner = "alice.near";', 18);
    assert.ok(f);
    const md = all(buildHoverSections(f.classified, live('alice.near'), OPTS));
    assert.match(md, /alice/);
  });
});
