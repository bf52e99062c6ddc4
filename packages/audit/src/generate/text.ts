import { between, hex, pick, type Rng } from './draw.ts';

const FIRST = ['dana', 'lee', 'priya', 'marco', 'ines', 'tomas', 'aiko', 'sam', 'noor', 'ravi', 'elena', 'jonah'];
const LAST = ['kim', 'okafor', 'silva', 'novak', 'haddad', 'berg', 'tanaka', 'reyes', 'moreau', 'walsh'];

/** A person's mailbox name, e.g. `dana.okafor`. */
export function person(rng: Rng): string {
  return `${pick(rng, FIRST)}.${pick(rng, LAST)}`;
}

/** A lower-case slug of a noun phrase. */
export function slug(phrase: string): string {
  return phrase
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A record line of `topic` with a reference and a figure: ≥ 24 characters with digits, so the evidence graph links copies of it. */
export function recordLine(rng: Rng, topic: string): string {
  const code = `${topic
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase()}-${between(rng, 1000, 9999)}`;
  return `Q${between(rng, 1, 4)} ${topic} ref ${code}: ${between(rng, 10, 990)}.${between(rng, 10, 99)} (rev ${between(rng, 2, 9)})`;
}

/** A plain https link on `domain` with a numbered path. */
export function link(rng: Rng, domain: string): string {
  return `https://${pick(rng, ['events', 'offers', 'updates', 'register'])}.${domain}/${pick(rng, ['spring', 'summit', 'launch', 'webinar'])}-${between(rng, 100, 999)}-${hex(rng, 4)}`;
}
