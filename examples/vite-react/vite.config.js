import transloom from '@transloom/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    react(),
    // Translates new and changed strings in the background while `vite` runs, and makes
    // `vite build` translate first (or, with CI set, fail on anything missing).
    transloom({ pseudoLocale: 'en-XA', extract: 'warn' }),
  ],
});
