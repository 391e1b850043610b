import { defineConfig } from 'vite'

// A static page: one HTML entry and one script, no module preload polyfill (one chunk only).
export default defineConfig({
  build: { target: 'es2022', modulePreload: { polyfill: false }, reportCompressedSize: false },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
})
