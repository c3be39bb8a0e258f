import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  // The manifest tells scripts/prerender-landing.tsx which chunks the landing page needs. Two entries: the app
  // (index.html) and the prerendered landing page's own small one (landing-main.tsx: React and the page only).
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { index: path.resolve(import.meta.dirname, 'src/web/index.html'), landing: path.resolve(import.meta.dirname, 'src/web/landing-main.tsx'),
        // The public referral page: its own small page and script, no React (docs/referrals.md "Public claim").
        refer: path.resolve(import.meta.dirname, 'src/web/features/referrals-public/refer.html'),
        // A signed-in screen's prerendered frame: a few lines that start the app once the frame has painted.
        signedIn: path.resolve(import.meta.dirname, 'src/web/signed-in-main.ts'),
      },
      // Fewer, larger shared files: on a phone each request waits its turn for one of a few connections.
      // React in one file, and the icons in one (rolldown otherwise makes a file of each icon two screens share).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
