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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The bundler's helpers (CommonJS interop) in a chunk of their own: left to itself,
          // rolldown put them into the lazy English dictionary, so every page loaded it (ADR 020).
          groups: [{ name: 'dictionary-en', test: /packages[\\/]i18n[\\/]src[\\/]en\.ts$/ }],
        },
      },
    },
  },
});
