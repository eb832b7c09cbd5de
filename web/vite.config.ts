/**
 * Vite 8 (Rolldown) build of the web console. Output goes to web/dist, which the reference
 * server serves at `/`, with brotli and gzip variants of every text asset. VChart is loaded
 * in parts by the chart engines, only on the chart screens, and the manifest lets tests/bench/web-bundle.mjs measure what each route ships.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const SERVER = process.env.EEM_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  // Brotli and gzip variants of every text asset, written at build time (build/precompress.ts).
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/eem-service': SERVER,
      '/auth': SERVER,
      '/model': SERVER,
      '/messageServer': { target: SERVER, ws: true },
      '/eem-ws': { target: SERVER, ws: true },
      '/static': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Rolldown's successor of manualChunks: React in a chunk of its own. VChart is not
        // grouped: each chart engine (src/blocks/chart/*-engine.ts) is a dynamic import, so
        // VChart's core lands in a chunk the engines share and each chart type's parts in its
        // engine's chunk; a donut loads the core and the pie, never the whole library.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
