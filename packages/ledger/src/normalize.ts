export { normalizeWhitespace as squash } from '@carb/episodes';
