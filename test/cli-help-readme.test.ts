import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../packages/cli/src/main.ts';
import { ROOT } from './helpers/shared.ts';

// README's "CLI reference" and `--help` must describe the same commands, options and positionals.
// Each leaf command has a `### \`carb <command>\`` subsection; the flags written anywhere in it
// (`--no-x` counts as `--x`) must be exactly the flags its --help lists, less --help and --version.

async function help(argv: string[]): Promise<string> {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    out += String(s);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    expect(await main([...argv, '--help'])).toBe(0);
  } finally {
    vi.restoreAllMocks();
  }
  return out;
}
afterEach(() => {
  process.exitCode = 0;
});

/** Lines of one titled block of yargs help (`Options:`, `Commands:`, `Positionals:`). */
function block(text: string, title: string): string[] {
  const lines = text.split('\n');
  const i = lines.indexOf(`${title}:`);
  if (i < 0) return [];
  const out: string[] = [];
  for (const l of lines.slice(i + 1)) {
    if (l === '' || /^\S/.test(l)) break;
    out.push(l);
  }
  return out;
}

const GLOBAL = new Set(['help', 'version']);
const helpFlags = (text: string) =>
  new Set(
    block(text, 'Options')
      .map((l) => /^\s+--([\w-]+)/.exec(l)?.[1])
      .filter((f): f is string => !!f && !GLOBAL.has(f)),
  );
const helpPositionals = (text: string) =>
  block(text, 'Positionals')
    .map((l) => /^\s+(\w+)\s/.exec(l)?.[1])
    .filter((p): p is string => !!p);
const subcommands = (text: string) =>
  block(text, 'Commands')
    .map((l) => /^\s+carb ((?:[a-z-]+ )*?[a-z-]+)(?= <| \[|\s{2}|$)/.exec(l)?.[1])
    .filter((c): c is string => !!c);

/** Leaf commands of carb (`pipeline check`, not `pipeline`) with their help text. */
async function leafCommands(): Promise<Map<string, string>> {
  const leaves = new Map<string, string>();
  const visit = async (cmd: string[]) => {
    const text = await help(cmd);
    const subs = subcommands(text);
    // a command with subcommands that also runs on its own (carb sweep <spec>) is a leaf too
    if (cmd.length > 0 && (subs.length === 0 || helpPositionals(text).length > 0)) leaves.set(cmd.join(' '), text);
    for (const s of subs) await visit(s.split(' '));
  };
  await visit([]);
  return leaves;
}

/** `### \`carb <command>\`` subsections of README's CLI reference: command → text. */
function readmeSections(): Map<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## CLI reference\n');
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  const ref = readme.slice(start, end < 0 ? undefined : end);
  const sections = new Map<string, string>();
  const parts = ref.split(/\n(?=### )/);
  for (const p of parts) {
    const m = /^### `carb ([a-z][a-z -]*[a-z])`\n/.exec(p);
    if (m) sections.set(m[1]!, p);
  }
  return sections;
}

const readmeFlags = (text: string) => new Set([...text.matchAll(/(?<![\w-])--([a-z][\w-]*)/g)].map((m) => m[1]!.replace(/^no-/, '')));

describe('README CLI reference agrees with --help', () => {
  it('documents every command, and only real commands', async () => {
    const leaves = await leafCommands();
    expect(leaves.size).toBeGreaterThanOrEqual(8);
    expect([...readmeSections().keys()].sort()).toEqual([...leaves.keys()].sort());
  }, 120_000);

  it('lists, for each command, exactly the options and positionals its --help shows', async () => {
    const leaves = await leafCommands();
    const sections = readmeSections();
    for (const [cmd, text] of leaves) {
      const section = sections.get(cmd) ?? '';
      expect([...readmeFlags(section)].sort(), `README section of carb ${cmd}`).toEqual([...helpFlags(text)].sort());
      for (const p of helpPositionals(text)) expect(section, `carb ${cmd} <${p}>`).toMatch(new RegExp(`<${p}(\\.\\.\\.)?>`));
    }
  }, 120_000);

  it('mentions the global --help and --version', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const ref = readme.slice(readme.indexOf('## CLI reference'), readme.indexOf('\n### '));
    expect(ref).toContain('--help');
    expect(ref).toContain('--version');
  });
});
