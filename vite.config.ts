import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One SPA: routes like /lessons/04-clear are served index.html by the dev and preview servers.
export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: { port: 5173 },
  preview: { port: 4173 },
});
