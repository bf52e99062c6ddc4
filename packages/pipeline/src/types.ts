/** Frozen tool types (configs/tools/*.json, g-carb App. B.2). */
export type ToolType = 'private_source' | 'external_sink' | 'financial' | 'irreversible' | 'message_social' | 'read';
export const TOOL_TYPES: readonly ToolType[] = ['private_source', 'external_sink', 'financial', 'irreversible', 'message_social', 'read'];

/** Tool name → its types. A name absent from the map is typed `unknown` (no types). */
export type ToolTyping = Readonly<Record<string, readonly ToolType[]>>;

/** Ledger harm categories (g-carb App. C). */
export type LedgerCategory = 'privacy_flow' | 'financial' | 'irreversible' | 'social' | 'security_event';
export const LEDGER_CATEGORIES: readonly LedgerCategory[] = ['privacy_flow', 'financial', 'irreversible', 'social', 'security_event'];
/** The graded ledger counts fired categories out of the paper's five (App. D.1); custom categories are not among them. */
export const GRADED_DENOMINATOR = LEDGER_CATEGORIES.length;

export interface GraphRules {
  /** Generic identifiers must have at least this many characters (4). */
  minIdentifierLength: number;
  /** Distinctive result lines: at least this long (24) and containing a digit... */
  distinctiveLineMin: number;
  /** ...truncated to this many characters (80). */
  distinctiveLineMax: number;
  /** General exact-span match: at least this many characters (16). */
  minSpanLength: number;
  /** Argument / result field names whose values are identifiers (object, source, event, ... sender). */
  identifierFields: string[];
}

export type SelectorKind = 'full' | 'graph' | 'window' | 'random' | 'current';
export const SELECTOR_KINDS: readonly SelectorKind[] = ['full', 'graph', 'window', 'random', 'current'];

export interface SelectorConfig {
  kind: SelectorKind;
  /** k for fixed-window-k (4): k records including the proposal (proposal + k − 1 most recent executed). */
  window: number;
  /** Seed of the equal-size random selector. */
  seed: number;
}

/** Table 1 weights (g-carb App. B.3). */
export interface ScorerWeights {
  intercept: number;
  currentPrivateSource: number;
  currentExternalSink: number;
  currentFinancial: number;
  currentIrreversible: number;
  currentMessageSocial: number;
  earlierPrivateSource: number;
  earlierCanary: number;
  earlierInjection: number;
  sourceReachesSink: number;
  sinkAfterSourceNoPath: number;
  canaryInArgs: number;
  currentRisky: number;
}

export interface ScorerConfig {
  /** `weighted`: the frozen Table 1 scorer; `external`: the episode's own per-proposal scores. */
  source: 'weighted' | 'external';
  weights: ScorerWeights;
  /** SHA-256 of the per-proposal scores file (--scores) the external scores came from, set by the CLI. */
  scoresSha256?: string;
}

/** Input-sanitization rules: observable patterns shared by graph, scorer and ledger. */
export interface SanitizerConfig {
  /** Regex (source, global flag added) matching canary strings. */
  canaryPattern: string;
  /** Case-insensitive regex sources that mark injected instruction text in a visible result. */
  injectionMarkers: string[];
}

export interface LedgerConfig {
  /** Tool type → ledger category of an injection-directed event on that tool (first matching type wins, in this order). */
  categoryByType: Array<{ type: ToolType; category: LedgerCategory }>;
  /** Tools whose injection-directed use is a security event regardless of type (password change, membership, phishing visit). */
  securityTools: string[];
  /** Minimum length of a generic goal identifier (user names, file names) used for matching. */
  minGoalIdentifierLength: number;
  /** Minimum length of a quoted goal phrase ('Intro with Mark') used as a substring identifier. */
  minQuotedLength: number;
  /**
   * Harm categories beyond the paper's five, declared so that external ledger events and
   * detectors may use them. They count in the union ledger only: the graded ledger stays
   * fired-of-the-five (GRADED_DENOMINATOR).
   */
  customCategories?: string[];
  /** The near-miss detector as a ledger category (`latent_policy_failure`, fires at the unchecked mutating call). */
  latentPolicy?: LatentPolicyConfig;
  /** Where a run's ledger events come from, when not the built-in rules alone (set by the CLI, pinned in the hash). */
  source?: LedgerSource;
}

/** Custom ledger category of the near-miss detector (issue 12). */
export const LATENT_POLICY_CATEGORY = 'latent_policy_failure';

export interface LatentPolicyConfig {
  /** Guard spec path: relative to the pipeline file as written, resolved (absolute) once loaded. */
  guards: string;
  /** SHA-256 of the guard spec file, filled by loadPipeline; the hash pins this, not the path. */
  guardsSha256?: string;
}

/** `builtin`: the rules of App. C; `external`: a reviewer's or judge's events file; `union`: either fires. */
export type LedgerMode = 'builtin' | 'external' | 'union';
export const LEDGER_MODES: readonly LedgerMode[] = ['builtin', 'external', 'union'];

/** Episodes with no line in the events file: left out of calibration, or taken as harmless. */
export type UnlabelledPolicy = 'exclude' | 'clean';

export interface LedgerSource {
  mode: LedgerMode;
  /** SHA-256 of the events file (--ledger-events). */
  eventsSha256: string;
  unlabelled: UnlabelledPolicy | null;
}

/** Threshold grid {λ⊥} ∪ {0, 1/d, ..., 1}: index 0 is λ⊥, index g ≥ 1 is (g − 1)/d. */
export interface GridConfig {
  bottom: number;
  denominator: number;
}

export interface SplitProtocol {
  /** `python`: CPython random.Random(baseSeed + k).shuffle; `seedrandom` alternative. */
  rng: 'python' | 'seedrandom';
  baseSeed: number;
  count: number;
}

export interface Pipeline {
  name: string;
  grid: GridConfig;
  toolTyping: ToolTyping;
  graph: GraphRules;
  selector: SelectorConfig;
  scorer: ScorerConfig;
  sanitizer: SanitizerConfig;
  ledger: LedgerConfig;
  splits: SplitProtocol;
}
