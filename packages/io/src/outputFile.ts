import { lstatOrNull, outputLocationProblem } from './outputFolder.ts';

/**
 * Why carb may not write the file `file` (written whole, replacing what is there), or null
 * when it may: it does not exist, or `isCarbs` recognises it as what carb writes there (a
 * corpus header, a breakpoint table's metadata, …). A symbolic link, a folder or any other
 * file is refused: carb overwrites only files it wrote. One line naming the file; `what`
 * names the expected content ("a carb JSONL corpus").
 */
export function outputFileProblem(file: string, what: string, isCarbs: (file: string) => boolean): string | null {
  const where = outputLocationProblem(file);
  if (where !== null) return where;
  const st = lstatOrNull(file);
  if (st === null) return null;
  if (st.isSymbolicLink()) return `${file} is a symbolic link; carb never writes through links, so give another file name`;
  if (st.isDirectory()) return `${file} is a folder; expected a file name for ${what}`;
  if (!isCarbs(file))
    return `${file} exists and is not ${what} carb wrote; carb overwrites only its own files, so choose another name or move it away`;
  return null;
}
