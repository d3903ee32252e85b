import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, loadEnv } from 'vite';

export default defineConfig(({ mode }) => {
  // VITE_API_TARGET (shell or .env) points the dev proxy at an API that is not on the default port.
  const env = loadEnv(mode, import.meta.dirname, '');
  const target = env.VITE_API_TARGET || 'http://localhost:3000';

  return {
    plugins: [react(), tailwindcss()],
    // The manifest tells the server which files the workspace needs (api/src/http/static-web.ts preloads them),
    // and where the first-screen painter is: a second entry, which the server puts in the workspace page only.
    build: {
      outDir: 'dist',
      manifest: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'index.html'), 'first-screen': resolve(import.meta.dirname, 'src/first-screen.ts') } },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target, changeOrigin: false },
        '/socket.io': { target, ws: true },
        '/collab': { target, ws: true },
      },
    },
  };
});
