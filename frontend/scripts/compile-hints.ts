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
 * Marks the public pages' chunks for eager compilation (Chrome 136+): a page taken over runs most
 * of their functions, and V8 then compiles them off the main thread while the file downloads
 * instead of on it at each first call. Admin chunks stay lazy.
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
