import { SELECTOR_KINDS } from '@carb/pipeline';
import { naiveEquivalence } from './helpers/naiveEquivalence.ts';

// Every selector on one fixed-seed sample; the whole corpus runs under `npm run test:full`.
naiveEquivalence(SELECTOR_KINDS, 'sample');
