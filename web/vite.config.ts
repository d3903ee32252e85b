import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

export default defineConfig(({ mode }) => {
  // VITE_API_TARGET (shell or .env) points the dev proxy at an API that is not on the default port.
  const env = loadEnv(mode, import.meta.dirname, '');
  const target = env.VITE_API_TARGET || 'http://localhost:3000';

  return {
    plugins: [react(), tailwindcss()],
    // The manifest tells the server which files the workspace needs (api/src/http/static-web.ts preloads them).
    build: { outDir: 'dist', manifest: true },
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
