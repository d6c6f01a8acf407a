// Types for the devstack's plain-JavaScript database launcher (infra/devstack/src/database.mjs).
declare module '@toolshop/devstack/database' {
  export function startDatabase(options?: {
    port?: number;
    dataDir?: string;
    log?: (line: string) => void;
    quiet?: boolean;
  }): Promise<{ uri: string; kind: string; stop: () => Promise<void> }>;
}
