import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Layout rules (see README, "Code map"): SQL and the database driver live only in lib/core and in a
// feature's db files; lib never imports app; client code never reaches a db file.
const DRIVERS = [
  { name: "better-sqlite3", message: "The database driver belongs in lib/core or a feature's db files." },
  { name: "pg", message: "The database driver belongs in lib/core or a feature's db files." },
  { name: "kysely", allowTypeImports: true, message: "SQL belongs in a feature's db files (type imports are fine)." },
  { name: "@/lib/core/client", importNames: ["db", "rawSqlite"], message: "Queries belong in a feature's db files; use writeTx for a transaction boundary." },
];
const NO_APP = { group: ["@/app/*"], message: "lib never imports app." };
// The engine seam (docs/engines.md): only lib/engines reaches a provider's adapter folder.
const NO_PROVIDER = { group: ["@/lib/engines/*/*"], message: "Only lib/engines speaks to a provider's adapter: use the provider-neutral modules of lib/engines." };
const NO_DB = { group: ["@/lib/*/db", "@/lib/*/db/*", "@/lib/core/*", "!@/lib/core/page-query"], message: "Client code never imports a db file or lib/core: take types from the feature's schema." };
const DB_FILES = ["lib/core/**", "lib/**/db.ts", "lib/**/db/**", "lib/testing/**", "**/*.test.ts", "**/*-fixtures.ts"];
const restrict = (paths, patterns) => ["error", { paths, patterns }];

const config = [
  ...next,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "tmp/**"] },
  // Import cycles are checked by `npm run lint:cycles` (dpdm), not by import/no-cycle: that rule
  // walked the whole graph from every file and took nine tenths of ESLint's time.
  { files: ["lib/**/*.ts", "lib/**/*.tsx"], ignores: [...DB_FILES, "lib/engines/**"], rules: { "no-restricted-imports": restrict(DRIVERS, [NO_APP, NO_PROVIDER]) } },
  { files: ["lib/engines/**/*.ts"], ignores: DB_FILES, rules: { "no-restricted-imports": restrict(DRIVERS, [NO_APP]) } },
  { files: ["lib/core/**", "lib/**/db.ts", "lib/**/db/**"], ignores: ["**/*.test.ts"], rules: { "no-restricted-imports": restrict([], [NO_APP]) } },
  { files: ["app/**/*.ts", "app/**/*.tsx"], ignores: DB_FILES, rules: { "no-restricted-imports": restrict(DRIVERS, [NO_PROVIDER]) } },
  {
    files: ["components/**/*.ts", "components/**/*.tsx", "lib/**/hooks.ts", "lib/**/hooks-*.ts", "lib/**/hooks/**"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": restrict(DRIVERS, [NO_APP, NO_DB, NO_PROVIDER]) },
  },
];
export default config;
