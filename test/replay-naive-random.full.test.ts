import { naiveEquivalence } from './helpers/naiveEquivalence.ts';

naiveEquivalence(['random'], 'all');
