export declare const compilerOptions: Record<string, unknown>
export declare function preparePacked(): {
  dir: string
  out: string
  examples: string[]
  diagnostics: string[]
  ms: number
}
export declare function removePacked(dir: string): void
