import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { vi } from 'vitest';
import type { DeployRow } from '@carb/calibrate';
import { componentHashes, pipelineComponents, pipelineHash, type Pipeline } from '@carb/pipeline';
import { runCli, type CliRun } from '../../packages/cli/test/runCli.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A calibration directory as `carb calibrate` leaves it for deployment (shape of issue 10 /
 * COMMON10): deploy.json rows, pipeline.json (the loaded pipeline, typing inline) and
 * manifest.json with the pipeline hash and per-component hashes. Rows are written by hand
 * here, so the gate is tested against thresholds whose values the test knows.
 */
export function writeDeployDir(
  pipeline: Pipeline,
  rows: ReadonlyArray<Omit<DeployRow, 'pipelineHash' | 'n' | 'stratum' | 'guarantee' | 'delta' | 'lambda'> & Partial<DeployRow>>,
): { dir: string; deploy: string; hash: string } {
  const dir = mkdtempSync(join(tmpdir(), 'carb-deploy-'));
  const components = pipelineComponents(pipeline, {
    splitProtocol: { rng: 'python', baseSeed: 0, count: 200 },
    corpusDigest: 'fixture',
    carbVersion: 'test',
  });
  const hash = pipelineHash(components);
  const pipelineText = JSON.stringify(pipeline, null, 2);
  writeFileSync(join(dir, 'pipeline.json'), pipelineText);
  const full = rows.map((r) => ({
    stratum: 'all',
    n: 984,
    guarantee: 'expectation',
    delta: null,
    pipelineHash: hash,
    ...r,
    lambda: r.lambdaIndex < 0 ? null : r.lambdaIndex === 0 ? pipeline.grid.bottom : (r.lambdaIndex - 1) / pipeline.grid.denominator,
  }));
  const deploy = join(dir, 'deploy.json');
  const deployText = `${JSON.stringify(full, null, 2)}\n`;
  writeFileSync(deploy, deployText);
  // outputs as writeReport records them: the gate refuses a deploy.json or pipeline.json that differs
  const outputs = { 'deploy.json': sha256(deployText), 'pipeline.json': sha256(pipelineText) };
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify(
      {
        carbVersion: 'test',
        pipelineHash: hash,
        components: componentHashes(components),
        corpus: { digest: 'fixture' },
        command: { argv: [] },
        outputs,
      },
      null,
      2,
    ),
  );
  return { dir, deploy, hash };
}

/** `carb argv` in this process with `stdin` as its standard input. */
export async function runCliWithStdin(argv: string[], stdin: string): Promise<CliRun> {
  vi.spyOn(process, 'stdin', 'get').mockReturnValue(Readable.from([stdin]) as unknown as typeof process.stdin);
  return runCli(argv);
}

/** The canonical step lines of an episode, as `carb gate` reads them. */
export function stepLines(steps: ReadonlyArray<object>): string {
  return steps.map((s) => `${JSON.stringify(s)}\n`).join('');
}
