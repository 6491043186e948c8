// How the server process is started: `npm run serve` (package.json spells the
// same out, and server/start-options.test.ts checks they agree), the browser
// tests' servers and the benchmarks' alike. What is read before the process
// runs cannot be set from inside it, so it lives in the start command.

/** The environment: glibc's two malloc arenas (decision 030). */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" } as const;

/**
 * V8's heap, kept near what the server holds (decision 045): a young
 * generation of at most 2 × 16 MB (the default let it grow to 2 × 64 MB,
 * most of it garbage between collections), and an old generation let grow by
 * half its live size before it is collected (the default let it grow to four
 * times). Under 40,000 mixed requests on a 100,000-person tree: 381–389 MB
 * resident at the most instead of 652 MB, at the same speed.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=50"] as const;
