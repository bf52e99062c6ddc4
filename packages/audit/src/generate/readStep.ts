import type { Sensitivity } from '../types.ts';
import type { Domain } from './domain.ts';
import { hex, type Rng } from './draw.ts';
import type { StepDraft } from './steps.ts';
import { recordLine, slug } from './text.ts';

/** A read of a fresh source artifact on `topic`: the step, the artifact id and the record line it shows. */
export function readStep(
  domain: Domain,
  rng: Rng,
  topic: string,
  sensitivity: Sensitivity,
): { step: StepDraft; artifact: string; line: string } {
  const artifact = `${slug(topic)}-${hex(rng)}`;
  const line = recordLine(rng, topic);
  const key = domain.read.artifactKey;
  return {
    step: { tool: domain.read[sensitivity], args: { [key]: artifact }, result: `${key}: ${artifact}\ntitle: ${topic}\n${line}` },
    artifact,
    line,
  };
}

/** Content appended to draft `draft`, which the tool reports at `version`. */
export function writeStep(domain: Domain, draft: string, content: string, version: number): StepDraft {
  const key = domain.write.artifactKey;
  return { tool: domain.write.tool, args: { [key]: draft, content }, result: `${key}: ${draft}\nversion: ${version}` };
}

/** The approval record of `draft` as the approval tool shows it. */
export function approvalStep(domain: Domain, draft: string, version: number, approver: string): StepDraft {
  const key = domain.approval.artifactKey;
  return {
    tool: domain.approval.tool,
    args: { [key]: draft },
    result: `${key}: ${draft}\nstatus: approved\nversion: ${version}\napprover: ${approver}`,
  };
}
