export function sharedExportProblems(
  pkg: { name: string; version: string },
  recorded: Record<string, string[]>,
  names: string[],
): string[];
export function expectSharedExportsRecorded(libDir: string, entry: object): void;
