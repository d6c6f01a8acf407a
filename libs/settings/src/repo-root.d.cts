/** Absolute path of the repository root, without a trailing slash. */
export declare const repoRoot: string;
