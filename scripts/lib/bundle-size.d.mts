/** One output chunk of a bundle, as the chunk walk reads it. */
export type Chunk = {
  fileName: string
  code: string | Uint8Array
  isEntry: boolean
  /** The chunks it imports statically (loaded before it runs). */
  imports: string[]
  /** The chunks it imports with `import()` (loaded later, if ever). */
  dynamicImports: string[]
}

/** The sizes of one bundle, at start and lazy, in bytes. */
export type ChunkSizes = {
  /** Gzipped (level 9, each chunk on its own) bytes of the entry and its static imports. */
  startGz: number
  /** Gzipped bytes of the chunks reached only through a dynamic import. */
  lazyGz: number
  startBytes: number
  lazyBytes: number
  startFiles: string[]
  lazyFiles: string[]
  /** The code loaded at start, every start chunk joined. */
  code: string
}

export type BundleSize = ChunkSizes & { builtins: string[] }

export declare function gzipBytes(code: string | Uint8Array): number
export declare function walkChunks(chunks: Chunk[]): { start: Chunk[]; lazy: Chunk[] }
export declare function chunkSizes(chunks: Chunk[]): ChunkSizes
export declare function rolldownChunks(output: readonly unknown[]): Chunk[]
export declare function esbuildChunks(result: unknown, workingDir: string): Chunk[]
export declare function bundleRolldown(
  rolldown: (options: any) => Promise<any>,
  source: string,
): Promise<BundleSize>
export declare function bundleEsbuild(
  build: (options: any) => Promise<any>,
  source: string,
  options?: { resolveDir?: string },
): Promise<BundleSize>
