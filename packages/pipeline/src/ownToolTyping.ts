import { nameRecord } from '@carb/io';
import type { Pipeline, ToolTyping } from './types.ts';

/**
 * A pipeline received by a worker thread: structured clone gives the tool-typing table
 * Object.prototype, and tool-type lookups must see own keys only.
 */
export function ownToolTyping(pipeline: Pipeline): Pipeline {
  return { ...pipeline, toolTyping: Object.assign(nameRecord() as ToolTyping, pipeline.toolTyping) };
}
