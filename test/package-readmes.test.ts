import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Each package README lists its public API in one bullet, "- Public API (`src/index.ts` …): `a`, `b` … Types: `T` …".
// The list must be the index's exports exactly: a name exported and not listed is undocumented, a name listed and
// no longer exported is a README that lies. Read syntactically (no type-check): fast, and `export *` is followed.
const PACKAGES = join(import.meta.dirname, '..', 'packages');

/** Every name `file` exports (values and types), following `export * from './x.ts'` within the package. */
function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      if (node.exportClause === undefined) {
        const from = (node.moduleSpecifier as ts.StringLiteral).text;
        for (const n of exportedNames(resolve(dirname(file), from), seen)) names.add(n);
      } else if (ts.isNamedExports(node.exportClause)) {
        for (const e of node.exportClause.elements) names.add(e.name.text);
      } else names.add(node.exportClause.name.text);
      continue;
    }
    const exported = ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if (
      (ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isEnumDeclaration(node)) &&
      node.name
    ) {
      names.add(node.name.text);
    }
  }
  return names;
}

/** The names in the README's "- Public API" bullet, or null when it has none. */
function listedNames(readme: string): Set<string> | null {
  const line = readme.split('\n').find((l) => l.startsWith('- Public API'));
  if (line === undefined) return null;
  return new Set([...line.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!));
}

const packages = readdirSync(PACKAGES)
  .filter((p) => existsSync(join(PACKAGES, p, 'src', 'index.ts')))
  .sort();

describe('package READMEs list their public API, as it is', () => {
  it('reads the exports of an index as written (a check of the reader itself, on a made-up package)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-readme-index-'));
    writeFileSync(
      join(dir, 'index.ts'),
      [
        "export { a, b as renamed, type B } from './x.ts';",
        "export * from './y.ts';",
        "export type * from './z.ts';",
        'export const c = 1, d = 2;',
        'export function e(): void {}',
        'export interface F { f: 1 }',
        'const hidden = 3;',
        'export { hidden as shown };',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'y.ts'), "export const fromY = 1;\nexport type Y = 1;\nconst notExported = 2;\nexport * from './index.ts';\n");
    writeFileSync(join(dir, 'z.ts'), 'export interface Z { z: 1 }\n');
    expect([...exportedNames(join(dir, 'index.ts'))].sort()).toEqual(['B', 'F', 'Y', 'Z', 'a', 'c', 'd', 'e', 'fromY', 'renamed', 'shown']);
    expect(
      listedNames('x\n- Public API (`src/index.ts`; import nothing else): `a`, `b`. Types: `T`.\n- Imported by: `@carb/cli`, `c`.'),
    ).toEqual(new Set(['a', 'b', 'T']));
  });

  for (const p of packages) {
    it(`packages/${p}/README.md`, () => {
      const listed = listedNames(readFileSync(join(PACKAGES, p, 'README.md'), 'utf8'));
      expect(listed, `packages/${p}/README.md: expected a "- Public API (\`src/index.ts\` …): …" bullet, found none`).not.toBeNull();
      const exported = exportedNames(join(PACKAGES, p, 'src', 'index.ts'));
      const unlisted = [...exported].filter((n) => !listed!.has(n)).sort();
      const gone = [...listed!].filter((n) => !exported.has(n)).sort();
      expect({ unlisted, gone }).toEqual({ unlisted: [], gone: [] });
    });
  }
});
