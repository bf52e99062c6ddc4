import { naiveEquivalence } from './helpers/naiveEquivalence.ts';

naiveEquivalence(['full'], 'all');
