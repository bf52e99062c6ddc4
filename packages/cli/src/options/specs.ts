import type { Options } from 'yargs';
import { CORPUS_FORMATS } from '@carb/episodes';
import { SELECTOR_KINDS } from '@carb/pipeline';
import { choiceOption } from './choice.ts';
import { integerOption } from './integer.ts';
import { textListOption, textOption } from './text.ts';

// Option specs shared by the commands, so one flag means and checks the same everywhere.
// Values arrive as strings and are checked by `coerce` while yargs parses, so a bad value
// stops the command before its handler runs.

/** An integer option ≥ min (as text, so 2.5 or 1e3 are refused rather than rounded). */
export function integerSpec(name: string, describe: string, min: number, defaultValue?: number): Options {
  return {
    type: 'string',
    requiresArg: true,
    describe,
    coerce: integerOption(`--${name}`, min),
    ...(defaultValue !== undefined ? { default: String(defaultValue) } : {}),
  };
}

/** One of `choices`. */
export function choiceSpec<T extends string>(name: string, describe: string, choices: readonly T[], defaultValue?: T): Options {
  return {
    type: 'string',
    requiresArg: true,
    choices: [...choices],
    describe,
    coerce: choiceOption(`--${name}`, choices),
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
  };
}

/** A path or name (non-empty; ending in one of `suffixes` when given). */
export function textSpec(
  name: string,
  describe: string,
  options: { required?: boolean; suffixes?: readonly string[]; default?: string } = {},
): Options {
  return {
    type: 'string',
    requiresArg: true,
    describe,
    coerce: textOption(`--${name}`, options.suffixes ?? []),
    ...(options.required ? { demandOption: true } : {}),
    ...(options.default !== undefined ? { default: options.default } : {}),
  };
}

/** A boolean switch. */
export function flagSpec(describe: string, defaultValue = false): Options {
  return { type: 'boolean', default: defaultValue, describe };
}

// The choices are the adapter registry's formats (LOG_FORMATS of @carb/episodes), carb's jsonl and arrow, and auto.
export const formatSpec = (): Options => choiceSpec('format', 'input format (auto: by file name and contents)', CORPUS_FORMATS, 'auto');
export const strictSpec = (): Options => flagSpec('fail (and write nothing) on any problem in the input');
export const includeAbortedSpec = (): Options => flagSpec('keep aborted episodes (excluded from calibration by default)');
export const pipelineSpec = (): Options => textSpec('pipeline', 'pipeline config (default configs/pipelines/default.json)');
export const selectorSpec = (describe: string): Options => choiceSpec('selector', describe, SELECTOR_KINDS);
export const toolsSpec = (): Options => ({
  type: 'string',
  array: true,
  requiresArg: true,
  describe: "tool-typing files instead of the pipeline's",
  coerce: textListOption('--tools'),
});
