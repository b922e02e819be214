import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Test files that replace a module (`vi.mock`) or, on the server, a global timer run each in a fresh module graph;
 * the others share one per worker (`isolate: false`). That halves the CPU time of the client suite (React, Chakra
 * and the app imported once per worker instead of once per file) and of the server suite (the server's modules,
 * PGlite's WebAssembly and code already optimised, shared by every file). tests/client/setup.ts resets what a
 * client file may leave behind (the DOM, toasts, storage, request handlers); each server file builds its own app
 * and database and closes them (tests/server/helpers/test-app.ts).
 */
function filesReplacing(dir: string, extension: string, replacement: RegExp): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .filter((name) => replacement.test(readFileSync(join(dir, name), 'utf8')))
    .map((name) => `${dir}/${name}`);
}
/** The server's property tests over random sequences of actions (their own project, below). */
const SEQUENCE_SUITES = 'tests/server/*-sequences.test.ts';
const clientFilesMockingModules = filesReplacing('tests/client', '.test.tsx', /\bvi\.mock\(/);
const serverFilesMockingModules = filesReplacing('tests/server', '.test.ts', /\bvi\.(mock|spyOn)\(/);

/** A project of server tests: Node, each file in a forked worker, and the server suites' time limits. */
function serverProject(name: string, files: { include: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    extends: true,
    test: { name, environment: 'node', ...files, pool: 'forks', testTimeout: 30_000, hookTimeout: 120_000 },
  } as const;
}

/**
 * Rendering pages in jsdom makes short-lived objects by the million: a larger young generation in the client test
 * workers halves the time their garbage collector takes (docs/benchmarks.md#client-test-suite).
 */
const CLIENT_WORKER_FLAGS = ['--max-semi-space-size=64'];

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, which the server sends to
 * browsers that accept them (src/server/plugins/client.ts, `preCompressed`): compressed once here at maximum
 * effort instead of on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
    );
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      // The build-time render's own code (scripts/prerender.ts) is never served.
      outDir = config.build.ssr ? '' : config.build.outDir;
    },
    closeBundle() {
      if (!outDir) return;
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))) {
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Chakra's `createSystem` builds the theme's global CSS (reset, global styles and every token as a CSS variable)
 * as soon as the system is made, about half of its cost, although only `<ChakraProvider>` reads it, to insert it.
 * A pre-rendered page already carries that CSS in its head, so in the browser this work would be thrown away at
 * the most expensive moment, while the page's code starts. This makes Chakra's `_global` a getter that builds it
 * on first read, which is the same value for every reader (docs/decisions.md, "Pre-rendered public pages").
 * The build fails if Chakra's code no longer has the lines this rewrites.
 */
function chakraGlobalCssOnRead(): Plugin {
  const file = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const property = '\n    _global,\n';
  return {
    name: 'chakra-global-css-on-read',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(eager) || !code.includes(property)) {
        throw new Error(`${id} no longer builds _global as vite.config.ts expects; update chakraGlobalCssOnRead`);
      }
      return code
        .replace(eager, 'let _globalCss;')
        .replace(
          property,
          '\n    get _global() { return _globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n',
        );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), chakraGlobalCssOnRead()],
  // The year the pre-rendered pages' footers show until they hydrate (src/client/components/site-footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // The manifest lets scripts/check-bundle.ts follow each route's chunks.
    manifest: true,
    rolldownOptions: {
      // Chakra's theme module builds its whole default config with `defineConfig` (an identity function) whether or
      // not it is used; marking the call pure lets the app ship only the recipes src/client/theme.ts picks.
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: {
        // Everything the entry imports statically in one chunk: the automatic split cut it into some 25 files of a
        // few hundred bytes each (shared with lazily loaded pages), each compressed on its own and fetched on its
        // own; together they compress 9 KB smaller. Pages' shared code is still split automatically.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    // `npm run dev`: the API runs beside Vite and is reached through this proxy, so the browser sees one origin.
    proxy: Object.fromEntries(
      ['/api', '/robots.txt', '/sitemap.xml'].map((path) => [
        path,
        { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      ]),
    ),
  },
  test: {
    // Vitest runs one file at a time on a 2-core machine by default (cores - 1); the suites are CPU-bound and
    // independent (one database per file), so both cores are used.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // The property tests run hundreds of random sequences through the money rules: a few seconds on a quiet
          // machine, and a loaded one took past the default 5 s. No unit test waits by time.
          testTimeout: 60_000,
        },
      },
      serverProject('server', {
        include: ['tests/server/**/*.test.ts'],
        exclude: [...serverFilesMockingModules, SEQUENCE_SUITES],
        isolate: false,
      }),
      // The property tests that drive the server through random sequences of actions: over a minute of CPU between
      // them, so `npm test` leaves them out and `npm run test:sequences` (PGlite) and `npm run test:pg` (PostgreSQL,
      // which CI runs) run them.
      serverProject('sequences', { include: [SEQUENCE_SUITES], isolate: false }),
      serverProject('server-isolated', {
        include: serverFilesMockingModules,
        exclude: [SEQUENCE_SUITES],
        isolate: true,
      }),
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.tsx'],
          exclude: clientFilesMockingModules,
          isolate: false,
          setupFiles: ['tests/client/setup.ts'],
          execArgv: CLIENT_WORKER_FLAGS,
          // Well above the 20 s a single wait may take (tests/client/setup.ts): a long journey through a page makes
          // dozens of waits, and on a loaded 2-core machine one took over a minute. A test never waits by time.
          testTimeout: 180_000,
          // The hooks unmount a whole page and reset the request handlers, which a loaded machine can slow past
          // the default 10 s.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client-isolated',
          environment: 'jsdom',
          include: clientFilesMockingModules,
          setupFiles: ['tests/client/setup.ts'],
          execArgv: CLIENT_WORKER_FLAGS,
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
