import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development Vite serves the app and forwards API calls to the server on port 3000.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/trpc': 'http://localhost:3000', '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The zxcvbn dictionaries (~1.2 MB gzip) are one lazy chunk, loaded only on pages with a
    // password meter; every other chunk stays far below this.
    chunkSizeWarningLimit: 2600,
  },
});
