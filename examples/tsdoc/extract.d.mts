/** One `@example` block: its package folder, source file, first code line (1-based) and code. */
export type Example = { pkg: string; file: string; line: number; code: string }
export declare const root: string
export declare function extractExamples(): Example[]
export declare function wrap(example: Example): { text: string; offset: number }
export declare function checkExamples(examples?: Example[]): { checked: number; problems: string[] }
