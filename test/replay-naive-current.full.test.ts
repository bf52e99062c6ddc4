import { naiveEquivalence } from './helpers/naiveEquivalence.ts';

naiveEquivalence(['current'], 'all');
