// npx tsx scripts/function-lengths.ts [--over N] [dir …] (default packages/cli/src packages/jobs/src): the lines of
// every directory's .ts files, and its functions longest first (functions, methods, arrows and function
// expressions, measured start line to end line by the TypeScript compiler API), so the figures of
// issue 27 ("cli/src under 1,500 lines, no function over 60") are reproducible. Without --over the five
// longest of each directory are shown; with --over N every function longer than N lines.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const overAt = args.indexOf('--over');
const over = overAt === -1 ? undefined : Number(args.splice(overAt, 2)[1]);
if (over !== undefined && !Number.isInteger(over)) throw new Error('--over: expected a whole number of lines');
const dirs = args.length > 0 ? args : ['packages/cli/src', 'packages/jobs/src'];
const SHOWN = 5;

/** Every .ts file under `dir`, sorted so the output is stable. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return tsFiles(path);
      return name.endsWith('.ts') ? [path] : [];
    });
}

interface Span {
  name: string;
  lines: number;
}

/** The line span of every function-like node in one source file. */
function functionSpans(path: string, text: string): Span[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const spans: Span[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      spans.push({ name: `${relative(root, path)}:${String(start + 1)} ${functionName(node)}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return spans;
}

/** A readable name: the declaration's own, or the variable/property an arrow is assigned to. */
function functionName(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name !== undefined && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent as ts.Node | undefined;
  if (parent !== undefined && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  return '(anonymous)';
}

for (const dir of dirs) {
  const files = tsFiles(join(root, dir));
  let lines = 0;
  const spans: Span[] = [];
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    lines += text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    spans.push(...functionSpans(path, text));
  }
  spans.sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name));
  console.log(`${dir}: ${String(files.length)} files, ${String(lines)} lines, ${String(spans.length)} functions`);
  const shown = over === undefined ? spans.slice(0, SHOWN) : spans.filter((span) => span.lines > over);
  for (const span of shown) console.log(`  ${String(span.lines).padStart(4)}  ${span.name}`);
}
