import { naiveEquivalence } from './helpers/naiveEquivalence.ts';

naiveEquivalence(['window'], 'all');
