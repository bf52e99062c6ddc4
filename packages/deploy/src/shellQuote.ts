/** One argument as a POSIX shell word: bare when it is plainly safe, else single-quoted. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=,+@%-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
