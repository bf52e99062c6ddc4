import { carbPath, describeValue, schemaIssues, schemaValidator } from '@carb/io';
import { POLICIES, POLICY_ID_PATTERN } from './policies.ts';
import type { AuditItem } from './types.ts';

/** configs/schema/audit-item.schema.json, the contract of an audit JSONL line. */
export const AUDIT_ITEM_SCHEMA_PATH = carbPath('configs/schema/audit-item.schema.json');

const validator = () => schemaValidator(AUDIT_ITEM_SCHEMA_PATH);

/**
 * One item against the schema plus the field rules of App. B.5 the schema cannot state:
 * one `<json pointer>: expected …, found …` line per problem; empty when valid.
 */
export function itemIssues(value: unknown): string[] {
  const issues = schemaIssues(validator(), value);
  if (issues.length) return issues;
  const item = value as AuditItem;
  item.committed_prefix.forEach((s, i) => {
    if (s.index !== i) issues.push(`/committed_prefix/${i}/index: expected ${i} (its position), found ${describeValue(s.index)}`);
  });
  const policy = POLICIES.find((p) => p.id === item.violated_policy);
  if (item.risk_label && item.violated_policy === null)
    issues.push('/violated_policy: expected a policy id (risk_label is true), found null');
  if (!item.risk_label && item.violated_policy !== null)
    issues.push(`/violated_policy: expected null (risk_label is false), found ${describeValue(item.violated_policy)}`);
  // own policy ids are welcome; carb's five must keep their class
  if (item.violated_policy !== null && !POLICY_ID_PATTERN.test(item.violated_policy))
    issues.push(`/violated_policy: expected a policy id (letters, digits, . _ : -), found ${describeValue(item.violated_policy)}`);
  if (policy !== undefined && policy.policy_class !== item.policy_class)
    issues.push(
      `/policy_class: expected ${JSON.stringify(policy.policy_class)} (the class of ${policy.id}), found ${describeValue(item.policy_class)}`,
    );
  if (item.regime !== 'state_dependent' && item.sd_mechanism !== null)
    issues.push(`/sd_mechanism: expected null (regime ${item.regime}), found ${describeValue(item.sd_mechanism)}`);
  if (item.regime === 'state_dependent' && item.sd_mechanism === null)
    issues.push('/sd_mechanism: expected a mechanism (regime state_dependent), found null');
  if (item.regime !== 'state_dependent' && !item.risk_label)
    issues.push('/risk_label: expected true (only state-dependent benign twins are benign), found false');
  if (item.regime === 'state_dependent' && item.matched_twin_id === null)
    issues.push('/matched_twin_id: expected the id of the matched twin (regime state_dependent), found null');
  return issues;
}
