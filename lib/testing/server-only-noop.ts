// Stand-in for the `server-only` marker package under vitest and the CLI (see vitest.config.ts).
export {};
