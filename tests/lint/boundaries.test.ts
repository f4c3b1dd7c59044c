/**
 * The import boundaries are rules, not a promise: each case lints a planted file through
 * ESLint's Node API with the project's own eslint.config.js, as `npm run lint` would see it
 * at that path (the file exists only in memory), and expects the violation to be reported.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message}`);
}

const IMPORTS = '@typescript-eslint/no-restricted-imports';
const GLOBALS = 'no-restricted-globals';

describe('lint enforces the layout boundaries', () => {
  it.each([
    ['machines/planted.ts', "import { useState } from 'react';\nexport const x = useState;\n", IMPORTS],
    ['machines/planted.ts', "import { createClient } from '@supabase/supabase-js';\nexport const x = createClient;\n", IMPORTS],
    ['machines/planted.ts', "import { appFeedMachine } from '../src/app/actors.ts';\nexport const x = appFeedMachine;\n", IMPORTS],
    ['machines/planted.ts', "import { Button } from '../src/components/Button.tsx';\nexport const x = Button;\n", IMPORTS],
    // A value from src/domain: the machine would run it where Stately cannot follow.
    ['machines/planted.ts', "import { storiesFromAnswer } from '../src/domain/normalize.ts';\nexport const x = storiesFromAnswer;\n", IMPORTS],
    ['machines/planted.ts', 'export const width = () => window.innerWidth;\n', GLOBALS],
    ['machines/planted.ts', "export const later = () => setTimeout(() => {}, 1000);\n", GLOBALS],
    ['machines/planted.ts', "export const read = () => localStorage.getItem('theme');\n", GLOBALS],
    ['src/domain/planted.ts', "import { FeedActor } from '../app/actors.ts';\nexport const x = FeedActor;\n", IMPORTS],
    ['src/domain/planted.ts', "import { Button } from '../components/Button.tsx';\nexport const x = Button;\n", IMPORTS],
    ['src/domain/planted.ts', "import { feedMachine } from '../../machines/feed.ts';\nexport const x = feedMachine;\n", IMPORTS],
    ['src/domain/planted.ts', "import styled from 'styled-components';\nexport const x = styled;\n", IMPORTS],
    ['src/domain/planted.ts', "export const title = () => document.title;\n", GLOBALS],
    ['src/domain/planted.ts', "export const env = () => process.env.HOME;\n", GLOBALS],
    ['src/components/Planted.tsx', "import { FeedActor } from '../app/actors.ts';\nexport const x = FeedActor;\n", IMPORTS],
  ])('%s: %s is refused', async (path, code, rule) => {
    const found = await problems(path, code);
    expect(found.some((problem) => problem.startsWith(`${rule}:`)), found.join('\n') || 'no problem reported').toBe(true);
  });

  it.each([
    ['machines/planted.ts', "import type { Story } from '../src/domain/story.ts';\nimport { setup } from 'xstate';\nexport const m = setup({}).createMachine({});\nexport type S = Story;\n"],
    ['src/domain/planted.ts', "import type { Story } from './story.ts';\nexport const host = (story: Story) => new URL(story.url).host;\n"],
    ['src/app/planted.ts', "import { feedMachine } from '../../machines/feed.ts';\nexport const width = () => window.innerWidth + String(feedMachine.id);\n"],
    ['src/components/Planted.tsx', "import type { Story } from '../domain/story.ts';\nexport const title = (story: Story) => story.title;\n"],
  ])('%s: what the layout allows passes', async (path, code) => {
    expect(await problems(path, code)).toEqual([]);
  });

  it.each(['machines/feed.ts', 'machines/search.ts', 'src/domain/normalize.ts', 'src/stories/StoryCard.tsx'])('the real %s passes', async (path) => {
    expect(await problems(path, readFileSync(`${root}${path}`, 'utf8'))).toEqual([]);
  });
});
