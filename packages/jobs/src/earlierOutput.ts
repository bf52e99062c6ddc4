import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every regular file under `dir` ("/"-joined, relative), or null when anything else (a link, a device) is there. */
function regularFiles(dir: string, prefix = ''): string[] | null {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, prefix))) {
    const rel = prefix ? `${prefix}/${name}` : name;
    const st = lstatSync(join(dir, rel));
    if (st.isDirectory()) {
      const inner = regularFiles(dir, rel);
      if (inner === null) return null;
      out.push(...inner);
    } else if (st.isFile()) out.push(rel);
    else return null;
  }
  return out;
}

/**
 * A folder a carb version before the output marker wrote, recognised by its record file
 * (`record`, a JSON object with the keys `keys`) and by holding only file names that command
 * writes (`names`): its files, or null. For OutputRule.recognise.
 */
export function earlierOutput(record: string, keys: readonly string[], names: RegExp): (dir: string) => string[] | null {
  return (dir) => {
    try {
      const value = JSON.parse(readFileSync(join(dir, record), 'utf8')) as Record<string, unknown> | null;
      if (!value || typeof value !== 'object' || !keys.every((k) => k in value)) return null;
      const files = regularFiles(dir);
      return files && files.every((f) => names.test(f)) ? files : null;
    } catch {
      return null;
    }
  };
}
