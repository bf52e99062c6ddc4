/** Frozen tool types (configs/tools/*.json, g-carb App. B.2). */
export type ToolType = 'private_source' | 'external_sink' | 'financial' | 'irreversible' | 'message_social' | 'read';
export const TOOL_TYPES: readonly ToolType[] = ['private_source', 'external_sink', 'financial', 'irreversible', 'message_social', 'read'];

/** Tool name → its types. A name absent from the map is typed `unknown` (no types). */
export type ToolTyping = Readonly<Record<string, readonly ToolType[]>>;

/** Ledger harm categories (g-carb App. C). */
export type LedgerCategory = 'privacy_flow' | 'financial' | 'irreversible' | 'social' | 'security_event';
export const LEDGER_CATEGORIES: readonly LedgerCategory[] = ['privacy_flow', 'financial', 'irreversible', 'social', 'security_event'];

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
