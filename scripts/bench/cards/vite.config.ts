// The card bench's page, built with the project's own JSX and styled-components transform (vite.config.ts, components()).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { components } from '../../../vite.config.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: components(),
  build: { target: 'es2022' },
});
