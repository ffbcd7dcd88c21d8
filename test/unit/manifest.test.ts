// package.json and the code agree: every contributed command is one of COMMANDS and every one of COMMANDS is
// contributed, each command registered in src is contributed (and no id is spelled out outside src/manifest.ts),
// view ids, context keys and item context values in `when` clauses exist, and settings defaults match the code.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMANDS, CONTEXT_KEYS, ITEM_CONTEXT, PANEL_VIEW_TYPE, RESULT_SCHEME, SECTION, TASK_TYPE, VIEW_CONTAINER, WATCHLIST_VIEW } from '../../src/manifest';
import { DEFAULT_TIMEOUT_MS } from '../../src/client/client';
import { normaliseSettings } from '../../src/platform/settings';

const ROOT = path.join(__dirname, '../..');
interface Contributed {
  command: string;
}
interface Menu {
  command: string;
  when?: string;
}
interface Step {
  id: string;
  description: string;
  media: { svg?: string; image?: string; altText?: string };
  completionEvents?: string[];
}
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  icon: string;
  activationEvents: string[];
  contributes: {
    commands: Contributed[];
    menus: Record<string, Menu[]>;
    views: Record<string, Array<{ id: string }>>;
    viewsContainers: { activitybar: Array<{ id: string }> };
    viewsWelcome: Array<{ view: string; when?: string }>;
    configuration: { title: string; properties: Record<string, { default?: unknown }> };
    walkthroughs: Array<{ id: string; steps: Step[] }>;
    taskDefinitions: Array<{ type: string; required?: string[]; properties: Record<string, unknown> }>;
  };
};
const c = pkg.contributes;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('manifest: package.json and the code agree', () => {
  const ids: string[] = Object.values(COMMANDS);
  const contributed = c.commands.map((x) => x.command);

  it('every contributed command is in COMMANDS, and every one of COMMANDS is contributed, once', () => {
    assert.deepEqual([...contributed].sort(), [...ids].sort());
    assert.equal(new Set(contributed).size, contributed.length);
  });

  it('src registers every command through COMMANDS, and spells no nearLens id out elsewhere', () => {
    const offenders: string[] = [];
    for (const f of walk(path.join(ROOT, 'src')).filter((x) => x.endsWith('.ts'))) {
      if (/src[\\/](manifest|platform[\\/]settings)\.ts$/.test(f)) continue; // settings.ts names each setting key
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/['"](nearLens\.[A-Za-z.]+)['"]/g)) offenders.push(`${path.relative(ROOT, f)}: ${m[1]}`);
    }
    assert.deepEqual(offenders, []);
    // Every handler table key is a COMMANDS member (registerCommands takes `{ [COMMANDS.x]: handler }`).
    const registered = new Set<string>();
    for (const f of walk(path.join(ROOT, 'src/features'))) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\[COMMANDS\.(\w+)\]\s*:/g)) registered.add(m[1] ?? '');
    }
    const registeredIds = [...registered].map((k) => (COMMANDS as Record<string, string>)[k]);
    assert.ok(
      registeredIds.every((id) => id !== undefined && contributed.includes(id)),
      `unknown: ${[...registered].join(', ')}`,
    );
    assert.deepEqual(registeredIds.sort(), [...contributed].sort(), 'every contributed command has a handler');
  });

  it('menus name contributed commands, and their when clauses name known views, context keys and item values', () => {
    const views = Object.values(c.views)
      .flat()
      .map((v) => v.id);
    assert.deepEqual(views, [WATCHLIST_VIEW]);
    assert.deepEqual(Object.keys(c.views), [VIEW_CONTAINER]);
    assert.deepEqual(
      c.viewsContainers.activitybar.map((v) => v.id),
      [VIEW_CONTAINER],
    );
    const keys: string[] = Object.values(CONTEXT_KEYS);
    const items: string[] = Object.values(ITEM_CONTEXT);
    const whens = [...Object.values(c.menus).flat(), ...c.viewsWelcome.map((w) => ({ command: '', when: w.when }))];
    for (const m of Object.values(c.menus).flat()) assert.ok(contributed.includes(m.command), `menu names ${m.command}`);
    for (const w of c.viewsWelcome) assert.equal(w.view, WATCHLIST_VIEW);
    for (const { when } of whens) {
      if (!when) continue;
      for (const v of when.matchAll(/view == ([\w.]+)/g)) assert.ok(views.includes(v[1] ?? ''), `${when}: view ${v[1]}`);
      for (const k of when.matchAll(/(?<![\w.=~] ?)\b(nearLens\.\w+)\b(?!\.)/g)) assert.ok(keys.includes(k[1] ?? ''), `${when}: context key ${k[1]}`);
      for (const r of when.matchAll(/viewItem =~ \/(.+?)\//g)) {
        const re = new RegExp(r[1] ?? '');
        assert.ok(
          items.some((i) => re.test(i)),
          `${when}: no item context matches ${r[1]}`,
        );
      }
    }
  });

  it('the panel view type is the activation event; settings live under the section with the code defaults', () => {
    assert.ok(pkg.activationEvents.includes(`onWebviewPanel:${PANEL_VIEW_TYPE}`));
    // A result tab restored at start-up asks for its scheme's provider (the workbench fires onFileSystem:<scheme>).
    assert.ok(pkg.activationEvents.includes(`onFileSystem:${RESULT_SCHEME}`));
    const props = c.configuration.properties;
    assert.ok(Object.keys(props).every((k) => k.startsWith(`${SECTION}.`)));
    assert.equal(props[`${SECTION}.requestTimeoutMs`]?.default, DEFAULT_TIMEOUT_MS);
    const defaults = normaliseSettings({}, { trusted: true });
    assert.equal(props[`${SECTION}.display.decimals`]?.default, defaults.decimals);
    assert.equal(props[`${SECTION}.hover.enabled`]?.default, defaults.hoverEnabled);
    assert.equal(props[`${SECTION}.hover.lookups`]?.default, defaults.hoverLookups);
  });

  it('Settings spell the extension "NEAR Lens": the section title, and every link to a setting in our words', () => {
    assert.equal(c.configuration.title, 'NEAR Lens');
    const text = readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    // VS Code writes a `#nearLens.x#` link's text from the key ("Near Lens › …"): each link names its setting itself.
    assert.doesNotMatch(text, /#nearLens\.[\w.]+#/);
    assert.doesNotMatch(text, /Near Lens/);
    const links = [...text.matchAll(/\[([^[\]"\n]*)\]\(#(nearLens\.[\w.]+)\)/g)];
    assert.ok(links.length > 0);
    for (const [, label, key] of links) {
      assert.ok(key! in c.configuration.properties, `${key} is a setting`);
      assert.match(label!, /^NEAR Lens( › [A-Z][\w ]*)?: [A-Z]/, label);
    }
  });

  it('the task type is contributed once, with the fields the task provider reads, and registered through TASK_TYPE', () => {
    assert.deepEqual(
      c.taskDefinitions.map((t) => t.type),
      [TASK_TYPE],
    );
    const [def] = c.taskDefinitions;
    assert.deepEqual(def?.required, ['command']);
    assert.deepEqual(Object.keys(def?.properties ?? {}).sort(), ['command', 'crate', 'cwd', 'env']);
    const tasks = readFileSync(path.join(ROOT, 'src/features/failures/tasks.ts'), 'utf8');
    assert.match(tasks, /registerTaskProvider\(TASK_TYPE,/);
    assert.match(readFileSync(path.join(ROOT, 'src/extension.ts'), 'utf8'), /registerNearTasks\(context, services, failures\);/);
  });

  /** Whether `.vscodeignore` (an allowlist of `!path` lines, `*` within one folder) packages `file`. */
  const packaged = (file: string): boolean =>
    readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .some((l) => new RegExp(`^${l.slice(1).replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`).test(file));

  it('the Marketplace icon is a packaged 128×128 PNG', () => {
    const png = readFileSync(path.join(ROOT, pkg.icon));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
    assert.ok(packaged(pkg.icon), `${pkg.icon} is in the .vscodeignore allowlist`);
  });

  it('each walkthrough step has one command link to a contributed command, completes on it, and has a packaged image', () => {
    const steps = c.walkthroughs.flatMap((w) => w.steps);
    assert.deepEqual(
      steps.map((s) => s.id),
      ['setKey', 'addAccount', 'hover', 'openPanel', 'transactions', 'localNode', 'queryBlock'],
    );
    for (const s of steps) {
      const links = [...s.description.matchAll(/\]\(command:([^)?]+)\)/g)].map((m) => m[1] ?? '');
      assert.equal(links.length, 1, `${s.id}: one command link`);
      assert.ok(contributed.includes(links[0] ?? ''), `${s.id}: ${links[0]} is contributed`);
      assert.deepEqual(s.completionEvents, [`onCommand:${links[0]}`], s.id);
      const media = s.media.svg ?? s.media.image ?? '';
      assert.ok(s.media.altText, `${s.id}: alt text`);
      assert.ok(existsSync(path.join(ROOT, media)) && packaged(media), `${s.id}: ${media} exists and is packaged`);
      if (media.endsWith('.svg')) assert.doesNotMatch(readFileSync(path.join(ROOT, media), 'utf8'), /<script|<foreignObject|href=|url\((?!#)/i, media);
    }
  });
});
