import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/readyz': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' },
  },
});
