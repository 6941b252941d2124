import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build records which source modules ended up in which JS chunk (read by report-size.mjs). */
export const chunkModulesManifestFile = '.vite/chunk-modules.json';

export interface ChunkRecord {
  /** Source modules, relative to the frontend folder (route split parts keep their `?tsr-split=` query). */
  modules: string[];
  /** Chunks this chunk imports statically (they load with it). */
  imports: string[];
  css: string[];
}

/**
 * Vite's own manifest names only a chunk's entry module; the size report needs every module of a
 * chunk to prove that no admin code is loaded by the public home page.
 */
export function chunkModulesManifest(): Plugin {
  let root = process.cwd();
  return {
    name: 'chunk-modules-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, ChunkRecord> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = {
          modules: output.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => path.relative(root, id).split(path.sep).join('/')),
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: chunkModulesManifestFile,
        source: JSON.stringify(chunks, null, 2),
      });
    },
  };
}
