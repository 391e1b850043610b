// Written by scripts/write-versions.mjs (`pnpm version-packages`) from package.json: do not edit.

/** The version of @tradeline/securities, as in its package.json. */
export const version = '0.0.0'
