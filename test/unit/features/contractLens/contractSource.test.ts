// Finding a contract's blocks and public methods in Rust (near-sdk) and near-sdk-js sources, as the lens places them.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { contractBlocks } from '../../../../src/features/contractLens/model/contractSource';
import type { ContractBlock } from '../../../../src/features/contractLens/model/types';

const names = (blocks: ContractBlock[]): string[][] => blocks.map((b) => b.methods.map((m) => m.name));
const method = (blocks: ContractBlock[], name: string) => blocks.flatMap((b) => b.methods).find((m) => m.name === name);

const RUST = `use near_sdk::{near, PanicOnDefault};

#[near(contract_state)]
#[derive(PanicOnDefault)]
pub struct Game { n: u32 }

#[near]
impl Game {
    #[init]
    pub fn new() -> Self { Self { n: 0 } }

    /// Reads: pub fn not_a_method(&mut self) {}
    pub fn score(&self, who: String) -> u32 { if who == "}" { 1 } else { 2 } }

    #[payable]
    pub fn play(&mut self) { let s = "pub fn fake(&mut self) {"; let c = '{'; }

    #[private]
    pub fn on_done(&mut self, #[callback_result] r: Result<u8, PromiseError>) {}

    pub fn helper() -> u8 { 1 }

    fn internal(&mut self) {}
    pub(crate) fn crate_only(&mut self) {}

    /* pub fn commented(&mut self) {} */
    pub fn with_lifetime<'a>(&'a self, s: &'a str) -> &'a str { s }
    pub async fn r#type(&mut self) {}
}

impl Game {
    pub fn not_exported(&mut self) {}
}

#[near_bindgen]
impl FungibleTokenCore for Game {
    #[payable]
    fn ft_transfer(&mut self, receiver_id: AccountId) {}
    fn ft_total_supply(&self) -> U128 { U128(0) }
}
`;

describe('contract blocks in Rust', () => {
  const blocks = contractBlocks(RUST, 'rust');

  it('finds each #[near] / #[near_bindgen] impl block, never a #[near(contract_state)] struct or a plain impl', () => {
    assert.deepEqual(
      blocks.map((b) => [b.name, b.line]),
      [
        ['Game', 6],
        ['Game', 34],
      ],
    );
  });

  it('lists pub fns (every fn of a trait impl), skipping private fns, pub(crate) and anything in comments or strings', () => {
    assert.deepEqual(names(blocks), [
      ['new', 'score', 'play', 'on_done', 'helper', 'with_lifetime', 'type'],
      ['ft_transfer', 'ft_total_supply'],
    ]);
  });

  it('views by &self; calls by &mut self or no self; #[init], #[payable], #[private]', () => {
    assert.deepEqual(method(blocks, 'new'), { name: 'new', line: 9, character: 11, view: false, private: false, payable: false, init: true });
    assert.equal(method(blocks, 'score')?.view, true);
    assert.equal(method(blocks, 'with_lifetime')?.view, true);
    assert.equal(method(blocks, 'play')?.payable, true);
    assert.equal(method(blocks, 'play')?.view, false);
    assert.equal(method(blocks, 'on_done')?.private, true);
    assert.equal(method(blocks, 'helper')?.view, false);
    assert.equal(method(blocks, 'ft_transfer')?.payable, true);
    assert.equal(method(blocks, 'ft_total_supply')?.view, true);
  });

  it('puts each method at its name (0-based)', () => {
    const lines = RUST.split('\n');
    for (const m of blocks.flatMap((b) => b.methods)) assert.ok(lines[m.line]?.startsWith(m.name, m.character), m.name);
  });

  it('reads the fixture crate as the lens shows it', () => {
    const text = readFileSync('test/fixtures/workspace/contracts/game/src/lib.rs', 'utf8');
    const [game] = contractBlocks(text, 'rust');
    assert.equal(game?.line, 17);
    assert.deepEqual(
      game?.methods.map((m) => [m.name, m.line, m.init]),
      [
        ['new', 20, true],
        ['claim', 24, false],
        ['settle_all', 32, false],
      ],
    );
    // A plain impl (views.rs's Pools) is no contract block.
    assert.deepEqual(contractBlocks(readFileSync('test/fixtures/workspace/contracts/game/src/views.rs', 'utf8'), 'rust'), []);
  });

  it('an unclosed block (a file being typed) and raw strings do not throw or leak', () => {
    const text = '#[near]\nimpl A {\n  pub fn a(&mut self) { let s = r#"pub fn b(&mut self) {"#; }\n  pub fn c(&self';
    assert.deepEqual(names(contractBlocks(text, 'rust')), [['a', 'c']]);
  });
});

const TS = `import { NearBindgen, call, view, initialize } from "near-sdk-js";

// @NearBindgen({}) class Commented {}
@NearBindgen({ requireInit: true })
export class Mint {
  total = 0n;
  note = "@call({}) fake() {}";

  @initialize({})
  init({ owner }: { owner: string }) { this.owner = owner; }

  @call({ privateFunction: true })
  on_done(): void {}

  @call({ payableFunction: true })
  async buy({ amount }: { amount: string }): Promise<void> { if (amount) { return; } }

  @call({})
  mint(): void { const o = { a: { b: 1 } }; }

  @view({})
  total_supply(): string { return \`\${this.total}\`; }

  helper(): number { return 1; }
}
`;

describe('contract blocks in near-sdk-js', () => {
  it('finds @NearBindgen classes and their @call / @view / @initialize methods, nothing else', () => {
    const blocks = contractBlocks(TS, 'typescript');
    assert.deepEqual(
      blocks.map((b) => [b.name, b.line]),
      [['Mint', 3]],
    );
    assert.deepEqual(names(blocks), [['init', 'on_done', 'buy', 'mint', 'total_supply']]);
    assert.equal(method(blocks, 'init')?.init, true);
    assert.equal(method(blocks, 'on_done')?.private, true);
    assert.equal(method(blocks, 'buy')?.payable, true);
    assert.equal(method(blocks, 'buy')?.private, false);
    assert.equal(method(blocks, 'total_supply')?.view, true);
    assert.equal(method(blocks, 'mint')?.view, false);
    const lines = TS.split('\n');
    for (const m of blocks[0]?.methods ?? []) assert.ok(lines[m.line]?.startsWith(m.name, m.character), m.name);
  });

  it('reads JavaScript the same, and the fixture package', () => {
    const js = 'import { NearBindgen, call, view } from "near-sdk-js";\n@NearBindgen({})\nclass C {\n  @call({}) set() {}\n  @view({}) get() {}\n}\n';
    assert.deepEqual(names(contractBlocks(js, 'javascript')), [['set', 'get']]);
    const text = readFileSync('test/fixtures/workspace/contracts/js-mint/src/contract.ts', 'utf8');
    const [mint] = contractBlocks(text, 'typescript');
    assert.deepEqual(
      mint?.methods.map((m) => [m.name, m.line, m.view]),
      [
        ['mint', 10, false],
        ['total_supply', 19, true],
      ],
    );
  });
});

describe('contract blocks of hostile and heavy files', () => {
  it('10,000 methods in one impl block are each found once', () => {
    const body = Array.from({ length: 10_000 }, (_, i) => `    pub fn m${i}(&mut self) { if true { let _ = "}"; } }\n`).join('');
    const blocks = contractBlocks(`#[near]\nimpl Big {\n${body}}\n`, 'rust');
    assert.equal(blocks[0]?.methods.length, 10_000);
    assert.equal(blocks[0]?.methods[9_999]?.line, 10_001);
    const ts = Array.from({ length: 10_000 }, (_, i) => `  @call({}) m${i}() { return { a: 1 }; }\n`).join('');
    assert.equal(contractBlocks(`@NearBindgen({})\nclass Big {\n${ts}}\n`, 'typescript')[0]?.methods.length, 10_000);
  });

  it('a 1 MB file of one unclosed comment, string or bracket run gives no block', () => {
    for (const text of ['/*'.padEnd(1_000_000, 'x'), `"${'{'.repeat(1_000_000)}`, '{'.repeat(1_000_000), '#[near]'.repeat(100_000)]) {
      assert.deepEqual(contractBlocks(text, 'rust'), []);
      assert.deepEqual(contractBlocks(text, 'typescript'), []);
    }
  });

  it('never throws, and every method is inside the file, on any text', () => {
    const piece = fc.constantFrom(
      '#[near]',
      'impl A {',
      'pub fn a(&self)',
      '&mut self',
      '}',
      '{',
      '"',
      "'",
      '//',
      '/*',
      '*/',
      '\n',
      '@NearBindgen({})',
      'class B {',
      '@call({})',
      'x()',
      'r#"',
      '"#',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join(' ');
        const lines = text.split('\n').length;
        for (const lang of ['rust', 'typescript'] as const)
          for (const b of contractBlocks(text, lang)) for (const m of b.methods) assert.ok(m.line < lines && m.line >= b.line);
      }),
      { numRuns: 300 },
    );
  });
});
