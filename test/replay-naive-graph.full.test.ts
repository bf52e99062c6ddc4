import { naiveEquivalence } from './helpers/naiveEquivalence.ts';

naiveEquivalence(['graph'], 'all');
