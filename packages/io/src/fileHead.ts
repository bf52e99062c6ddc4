import { closeSync, openSync, readSync } from 'node:fs';

/** The first `bytes` bytes of `file` (fewer when it is shorter): enough to recognise what wrote it without reading it all. */
export function fileHead(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const n = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
