/**
 * Vite 8 (Rolldown) build of the web console. Output goes to web/dist, which the reference
 * server serves at `/`. VChart gets its own chunk group so only the chart screens load it,
 * and the manifest lets tests/bench/web-bundle.mjs measure what each route ships.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = process.env.EEM_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
        // Rolldown's successor of manualChunks: VChart and its renderer land in chunks that
        // only the chart screens import (never the entry or the login chunk).
        codeSplitting: {
          groups: [
            { name: 'vchart', test: /[\\/]node_modules[\\/]@visactor[\\/]/, priority: 20 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
