/** Holders of the switch (loads in progress); the variable is set while there is one. */
let holders = 0;
/**
 * Whether carb set MIMALLOC_ALLOW_LARGE_OS_PAGES, mimalloc's switch for large OS pages
 * (https://microsoft.github.io/mimalloc/environment.html), and so removes it: false when the user
 * had set it or its older name MIMALLOC_LARGE_OS_PAGES (either is theirs; carb then sets nothing).
 */
let ours = false;

/**
 * Sets MIMALLOC_ALLOW_LARGE_OS_PAGES=1 in the process environment until the returned function is
 * called (unless the user set it, or its older name, either way), for loading resvg's native module.
 *
 * resvg-js links mimalloc, which reads its options from the environment once, when the module
 * loads. The shared runs' frontier PNG (1920 × 1676) touches ~42 MB of fresh memory to render and
 * encode: 10,411 page faults with 4 KB pages, 20 with large ones. On a virtual machine where a
 * fault costs ~10 µs (this one: 3.1 ms per MB first touched), parsing, rendering and encoding it on
 * the renderer thread took 212–231 ms, and 81–151 ms with large pages (6 runs each); the bytes are
 * the same (the allocator places the pixels, it does not compute them). mimalloc asks first for
 * pages of a reserved hugetlbfs pool (MAP_HUGETLB), then for transparent huge pages (madvise);
 * where the kernel gives neither, it uses small ones, as without the variable.
 *
 * The variable is removed again once the module has loaded, so that no child process and no
 * other library of a program that imports carb inherits a setting it did not ask for.
 */
export function largePagesWhileLoading(): () => void {
  if (holders++ === 0) {
    ours = process.env.MIMALLOC_ALLOW_LARGE_OS_PAGES === undefined && process.env.MIMALLOC_LARGE_OS_PAGES === undefined;
    if (ours) process.env.MIMALLOC_ALLOW_LARGE_OS_PAGES = '1';
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0 && ours) {
      delete process.env.MIMALLOC_ALLOW_LARGE_OS_PAGES;
      ours = false;
    }
  };
}
