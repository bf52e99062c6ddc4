import { METHOD_SELECTOR, POOLED_STRATUM } from '@carb/calibrate';
import {
  defaultPipelinePath,
  formatScore,
  gridSize,
  gridValue,
  loadPipeline,
  withSelector,
  type Pipeline,
  type SelectorKind,
} from '@carb/pipeline';
import type { GateThreshold } from '@carb/replay';
import { readDeployRows, type IndexedRow } from './readDeploy.ts';
import { checkDeployFolder } from './deployFolder.ts';
import { deployPipeline } from './deployPipeline.ts';
import { gridLambda } from './gridLambda.ts';
import type { GateChoiceArgs } from './gateChoiceArgs.ts';
import { selectRow } from './selectRow.ts';

/** A gate named on the command line: pipeline with the method's selector, and its threshold. */
export interface ResolvedGate {
  /** The pipeline with the selector the gate runs. */
  pipeline: Pipeline;
  selector: SelectorKind;
  /** null: no threshold named (explain shows every step). */
  threshold: GateThreshold | null;
  /** The replay grid index the gate's stop equals (λ⊥ = 0 for an infeasible row, which also stops every proposal); null without a threshold. */
  gridIndex: number | null;
  /** The deploy row, when the gate comes from deploy.json. */
  row: IndexedRow | null;
  /** Which method / selector, without the threshold. */
  who: string;
  /** One line saying which gate this is. */
  description: string;
  /** Said plainly when the deploy row is infeasible; null otherwise. */
  notice: string | null;
}

/**
 * Reads deploy.json / the pipeline and picks the gate; usage errors (no row, no grid value) come
 * before any work. `alsoChecked`: further files beside deploy.json checked against the manifest.
 */
export function resolveGate(a: GateChoiceArgs, alsoChecked: readonly string[] = []): ResolvedGate {
  if (a.deploy !== undefined) {
    // before any row is read: an edited deploy.json or pipeline.json is refused as a whole
    const { manifest } = checkDeployFolder(a.deploy, a.pipeline, a.expectManifestHash, alsoChecked);
    const rows = readDeployRows(a.deploy);
    const picked = selectRow(a.deploy, rows, {
      method: a.method!,
      alpha: a.alpha!,
      stratum: a.stratum ?? POOLED_STRATUM,
      guarantee: a.guarantee ?? 'expectation',
    });
    const base = deployPipeline(a.deploy, a.pipeline, picked, manifest);
    const { row, index } = picked;
    const selector = METHOD_SELECTOR[row.method];
    const G = gridSize(base.grid);
    if (row.lambdaIndex >= G)
      throw new Error(`${a.deploy}: row ${index}: /lambdaIndex: expected a grid index below ${G}, found ${row.lambdaIndex}`);
    if (row.lambdaIndex >= 0 && row.lambda !== gridValue(base.grid, row.lambdaIndex)) {
      throw new Error(
        `${a.deploy}: row ${index}: /lambda: expected ${gridValue(base.grid, row.lambdaIndex)} (grid value of lambdaIndex ${row.lambdaIndex}), found ${String(row.lambda)}`,
      );
    }
    const who = `${row.method} (selector ${selector})`;
    const what = `${who}, deploy row ${index} of ${a.deploy}: stratum ${row.stratum}, α ${row.alpha}, ${row.guarantee}${row.delta === null ? '' : ` δ ${row.delta}`}, n ${row.n}`;
    const infeasible = row.lambdaIndex === -1;
    return {
      pipeline: withSelector(base, { kind: selector }),
      selector,
      threshold: { lambdaIndex: row.lambdaIndex },
      gridIndex: infeasible ? 0 : row.lambdaIndex,
      row: picked,
      who,
      description: infeasible
        ? `${what}; λ̂ infeasible: stops every proposal`
        : `${what}; λ = ${lambdaText(base, row.lambdaIndex)} (grid ${row.lambdaIndex})`,
      notice: infeasible
        ? `${a.deploy}: row ${index} (${row.method}, α ${row.alpha}, stratum ${row.stratum}) is infeasible: no threshold met α on its ${row.n} calibration episodes, so nothing is certified and this gate stops every proposal`
        : null,
    };
  }
  const base = loadPipeline(a.pipeline ?? defaultPipelinePath());
  const selector = a.method !== undefined ? METHOD_SELECTOR[a.method] : base.selector.kind;
  const pipeline = withSelector(base, { kind: selector });
  const who = `${a.method ?? 'pipeline selector'} (selector ${selector})`;
  if (a.lambda === undefined)
    return { pipeline, selector, threshold: null, gridIndex: null, row: null, who, description: `${who}; no threshold`, notice: null };
  const g = gridLambda('--lambda', a.lambda, base.grid);
  return {
    pipeline,
    selector,
    threshold: { gridIndex: g },
    gridIndex: g,
    row: null,
    who,
    description: `${who}; λ = ${lambdaText(base, g)} (grid ${g})`,
    notice: null,
  };
}

/** λ_g as exact decimal text (λ⊥ as written in the grid config). */
export function lambdaText(pipeline: Pipeline, g: number): string {
  const d = pipeline.grid.denominator;
  if (g === 0) return String(pipeline.grid.bottom);
  return /^10*$/.test(String(d)) ? formatScore({ kind: 'exact', units: g - 1, denominator: d }) : `${g - 1}/${d}`;
}
