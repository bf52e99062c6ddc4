import type { Episode } from '@carb/episodes';
import type { GuardSpec } from '@carb/nearmiss';

// The domain a log is from, in a guard spec's words: tau2 names its domain (environment_info),
// so its episodes are "tau2-<domain>"; the other formats name none.
const domainOf = (ep: Episode): string =>
  ep.source.format === 'tau2' && ep.source.suite !== null ? `tau2-${ep.source.suite}` : ep.source.format;

/**
 * One line per input file whose logs are of another domain than the guard spec's (e.g. the tau2
 * airline spec on tau-bench v1 logs, which have no get_flight_status and an older policy): the
 * audit still runs, but its checks may name tools the agent never had.
 */
export function domainWarnings(spec: GuardSpec, episodes: readonly Episode[]): string[] {
  const byFile = new Map<string, Episode>();
  for (const ep of episodes) if (!byFile.has(ep.source.file ?? '')) byFile.set(ep.source.file ?? '', ep);
  const out: string[] = [];
  for (const [file, ep] of byFile) {
    const domain = domainOf(ep);
    if (domain === spec.domain) continue;
    out.push(
      `${file}: guard spec ${spec.file} is for domain "${spec.domain}", found a ${ep.source.format} log (domain ${domain}); its tools and policy may differ`,
    );
  }
  return out;
}
