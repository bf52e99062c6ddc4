/** The carb commands that write a report with a manifest: the only ones `carb verify` re-runs. */
export const REPORT_COMMANDS: readonly string[] = ['calibrate', 'main', 'sweep'];

/**
 * Why `argv` (a manifest's command.argv) is not a carb report command verify may re-run, or
 * null: a list of strings whose first is one of REPORT_COMMANDS. A manifest is data, and a
 * tampered one must not make verify run anything else (tools init, ingest into a path, …).
 */
export function reportCommandProblem(manifestFile: string, argv: unknown): string | null {
  if (!Array.isArray(argv) || argv.length === 0 || argv.some((a) => typeof a !== 'string')) {
    return `${manifestFile}: command.argv: expected the argv of a carb report command (a list of strings), found ${JSON.stringify(argv ?? null)}; nothing run`;
  }
  if (!REPORT_COMMANDS.includes(argv[0] as string)) {
    return `${manifestFile}: command.argv: expected a carb report command (${REPORT_COMMANDS.join(', ')}), found ${JSON.stringify(argv[0])}; nothing run`;
  }
  return null;
}
