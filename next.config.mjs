// Security headers on every answer, pages and API alike. The CSP carries no
// script-src: the App Router's inline bootstrap scripts would need a per-request nonce, which
// makes every page dynamic (docs/decisions.md, "Content-Security-Policy"). What it does carry
// needs no nonce: no framing by other sites, no plugins, no <base> pointing scripts elsewhere.
const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'; object-src 'none'; base-uri 'self'" },
  { key: "X-Frame-Options", value: "DENY" }, // frame-ancestors for browsers that predate it
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 and pg are native/Node-only: keep them out of the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg"],
  poweredByHeader: false,
  // NEXT_DIST_DIR: a second build beside .next (two people testing in one checkout); default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` builds (`npm run build:unchecked`, VOXDESK_TYPECHECKED=1) while `npm run check` runs
  // `tsc --noEmit` beside it, and fails if either fails: the build's own second type-check of the
  // same files is skipped there. Any other build checks types.
  typescript: { ignoreBuildErrors: process.env.VOXDESK_TYPECHECKED === "1" },
  // Migrations are read from disk at startup; make sure traced builds ship them.
  outputFileTracingIncludes: { "/api/**": ["./lib/core/migrations/**/*"] },
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // HSTS only on answers that went out over HTTPS (behind a TLS-terminating proxy). A client
      // that sends this header over plain HTTP gains nothing: browsers ignore HSTS received
      // without TLS (RFC 6797 §8.1), so the header's source needs no trust here.
      {
        source: "/:path*",
        // The first proxy's scheme leads a chained value ("https, http").
        has: [{ type: "header", key: "x-forwarded-proto", value: "https(\\s*,.*)?" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000" }],
      },
    ];
  },
};
export default nextConfig;
