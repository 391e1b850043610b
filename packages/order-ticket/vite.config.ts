import { defineConfig } from 'vite'

// A static page: one HTML entry, one script; `vite preview` and the tests serve dist/.
export default defineConfig({
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: false },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
})
