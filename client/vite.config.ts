import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = process.env.CAMPOBASE_API_URL ?? 'http://localhost:4000';

// The client lives in client/; the server serves the build from dist/client.
export default defineConfig({
  root,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: api, changeOrigin: true },
      '/api': { target: api, changeOrigin: true },
      '/healthz': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
      '/files': { target: api, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/graphql': { target: api, changeOrigin: true },
      '/api': { target: api, changeOrigin: true },
      '/healthz': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
      '/files': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    // Vite 8 bundles with Rolldown: bundler options go under build.rolldownOptions (not rollupOptions).
    // Chunks follow the lazy routes (see src/app/router.tsx); no manual chunking needed so far.
    rolldownOptions: {
      output: { chunkFileNames: 'assets/[name]-[hash].js' },
    },
  },
});
