export type { LedgerTrace, LedgerEvent, LedgerRule, LedgerLossKind, GoalIdentifier, MatchMode } from './types.ts';
export { ledgerTrace } from './trace.ts';
export { unionFirstStep, ledgerLoss, categoryLoss } from './loss.ts';
export { injectionGoal, goalIdentifiers } from './goal.ts';
export { argLeaves, argView, matchesArgs, type ArgLeaf, type ArgView } from './match.ts';
export { toolCategory } from './category.ts';
export { foldYamlQuoting, injectionVisible, visibleNeedles } from './seen.ts';
export { namedInRequest } from './request.ts';
export { wordTokens, addPrivateTokens, carriedPrivateContent } from './payload.ts';
