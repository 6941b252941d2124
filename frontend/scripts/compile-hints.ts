import type { Plugin, Rollup } from 'vite';
import { compileHint, isAdminCode } from './public-code.mjs';

/**
 * The chunks a public page can load: the entry and what it imports, statically or not, without
 * going through a chunk that holds admin code.
 */
function publicChunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || reached.has(fileName) || chunk.moduleIds.some(isAdminCode)) return;
    reached.add(fileName);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  return [...reached].map((fileName) => chunks.get(fileName)!);
}

/**
 * Marks the public pages' chunks for eager compilation (Chrome 136+; other browsers read a comment).
 *
 * A rendered page runs most of these functions while it is taken over (React, the router, the
 * page's components). Compiled lazily, each is compiled on the main thread at its first call: on
 * /gallery that was 18–64 ms (median 40) of the main thread per load (unthrottled, this
 * machine), in the tasks that a slow phone feels as blocked taps. Marked, V8 compiles them on a
 * background thread while the file downloads; the main thread's share measured 4–10 ms (median
 * 8). Admin chunks are left lazy: a visitor never loads them, and the admin's own pages run only
 * part of them.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own last touches (it puts the preload map at the very top of the entry).
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of publicChunks(bundle)) {
          chunk.code = compileHint + chunk.code;
          // One more line at the top: every mapping moves down one line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
