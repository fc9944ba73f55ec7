/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 and pg are native/Node-only: keep them out of the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg"],
  poweredByHeader: false,
  // Migrations are read from disk at startup; make sure traced builds ship them.
  outputFileTracingIncludes: { "/api/**": ["./lib/core/migrations/**/*"] },
};
export default nextConfig;
