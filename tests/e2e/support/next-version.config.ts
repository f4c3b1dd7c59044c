/**
 * The site's own build (vite.config.ts) with one input changed: every chunk's hash, so that every
 * hashed file gets a new name, as a deploy that touched them all would (tests/e2e/deploy.e2e.ts).
 */
import { mergeConfig, type UserConfigFnObject } from 'vite';
import base from '../../../vite.config.ts';

export default ((env) =>
  mergeConfig((base as UserConfigFnObject)(env), {
    plugins: [{ name: 'next-version', augmentChunkHash: () => 'the next version' }],
  })) as UserConfigFnObject;
