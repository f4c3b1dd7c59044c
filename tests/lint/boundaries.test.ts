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
const SYNTAX = 'no-restricted-syntax';

describe('lint enforces the layout boundaries', () => {
  it.each([
    ['machines/planted.ts', "import { useState } from 'react';\nexport const x = useState;\n", IMPORTS],
    ['machines/planted.ts', "import { createClient } from '@supabase/supabase-js';\nexport const x = createClient;\n", IMPORTS],
    ['machines/planted.ts', "import { appFeedMachine } from '../src/app/actors.ts';\nexport const x = appFeedMachine;\n", IMPORTS],
    ['machines/planted.ts', "import { Button } from '../src/ui/Button.tsx';\nexport const x = Button;\n", IMPORTS],
    // A value from src/domain: the machine would run it where Stately cannot follow.
    ['machines/planted.ts', "import { selectStories } from '../src/feed/selectors.ts';\nexport const x = selectStories;\n", IMPORTS],
    ['machines/planted.ts', 'export const width = () => window.innerWidth;\n', GLOBALS],
    ['machines/planted.ts', "export const later = () => setTimeout(() => {}, 1000);\n", GLOBALS],
    ['machines/planted.ts', "export const read = () => localStorage.getItem('theme');\n", GLOBALS],
    ['src/domain/planted.ts', "import { FeedActor } from '../app/actors.ts';\nexport const x = FeedActor;\n", IMPORTS],
    ['src/domain/planted.ts', "import { Button } from '../ui/Button.tsx';\nexport const x = Button;\n", IMPORTS],
    ['src/domain/planted.ts', "import { readStorage } from '../browser/browser.ts';\nexport const x = readStorage;\n", IMPORTS],
    ['src/domain/planted.ts', "import { feedMachine } from '../../machines/feed.ts';\nexport const x = feedMachine;\n", IMPORTS],
    ['src/domain/planted.ts', "import styled from 'styled-components';\nexport const x = styled;\n", IMPORTS],
    ['src/domain/planted.ts', "export const title = () => document.title;\n", GLOBALS],
    ['src/domain/planted.ts', "export const env = () => process.env.HOME;\n", GLOBALS],
    // src/ui: generic building blocks, below every feature.
    ['src/ui/Planted.tsx', "import { App } from '../app/App.tsx';\nexport const x = App;\n", IMPORTS],
    ['src/ui/Planted.tsx', "import { StoryCard } from '../stories/StoryCard.tsx';\nexport const x = StoryCard;\n", IMPORTS],
    ['src/ui/Planted.tsx', "import type { Story } from '../domain/story.ts';\nexport type S = Story;\n", IMPORTS],
    // src/system: how components reach the page's actors, below every feature.
    ['src/system/planted.ts', "import { FeedActor } from '../feed/actors.ts';\nexport const x = FeedActor;\n", IMPORTS],
    ['src/system/planted.ts', "import { pageMachine } from '../../machines/page.ts';\nexport const x = pageMachine;\n", IMPORTS],
    // src/browser and src/theme: below every feature.
    ['src/browser/planted.ts', "import { useEffect } from 'react';\nexport const x = useEffect;\n", IMPORTS],
    ['src/browser/planted.ts', "import { FeedActor } from '../feed/actors.ts';\nexport const x = FeedActor;\n", IMPORTS],
    ['src/theme/planted.ts', "import { Button } from '../ui/Button.tsx';\nexport const x = Button;\n", IMPORTS],
    // Features never import src/app, and another feature only along a stated edge.
    ['src/feed/Planted.tsx', "import { createAppRouter } from '../app/router.tsx';\nexport const x = createAppRouter;\n", IMPORTS],
    ['src/feed/Planted.tsx', "import { SearchActor } from '../search/actors.ts';\nexport const x = SearchActor;\n", IMPORTS],
    ['src/stories/Planted.tsx', "import { FeedActor } from '../feed/actors.ts';\nexport const x = FeedActor;\n", IMPORTS],
    ['src/search/Planted.tsx', "import { BookmarksActor } from '../bookmarks/actors.ts';\nexport const x = BookmarksActor;\n", IMPORTS],
    ['src/bookmarks/Planted.tsx', "import { SearchActor } from '../search/actors.ts';\nexport const x = SearchActor;\n", IMPORTS],
    ['src/reader/Planted.tsx', "import { FeedActor } from '../feed/actors.ts';\nexport const x = FeedActor;\n", IMPORTS],
    ['src/appearance/Planted.tsx', "import { App } from '../app/App.tsx';\nexport const x = App;\n", IMPORTS],
    ['src/toasts/Planted.tsx', "import { FeedActor } from '../feed/actors.ts';\nexport const x = FeedActor;\n", IMPORTS],
    ['src/offline/planted.ts', "import { App } from '../app/App.tsx';\nexport const x = App;\n", IMPORTS],
    // The standalone bundles.
    ['src/feed/boot.ts', "import { startFirstFeedCall } from './fetch-feed.ts';\nimport { FeedActor } from './actors.ts';\nstartFirstFeedCall();\nexport const x = FeedActor;\n", IMPORTS],
    ['src/offline/service-worker.ts', "import { useState } from 'react';\nexport const x = useState;\n", IMPORTS],
    ['src/offline/service-worker.ts', "import { registerServiceWorker } from './service-worker-registration.ts';\nexport const x = registerServiceWorker;\n", IMPORTS],
    ['src/offline/policy.ts', "import { readStorage } from '../browser/browser.ts';\nexport const x = readStorage;\n", IMPORTS],
    ['src/appearance/theme-boot.ts', "import { ThemeActor } from './actors.ts';\nexport const x = ThemeActor;\n", IMPORTS],
    // Code on demand: only through onDemand (src/browser/on-demand.ts), which heals a page after a deploy.
    ['src/feed/Planted.tsx', "import { lazy } from 'react';\nexport const Notice = lazy(() => import('./DemoNotice.tsx'));\n", SYNTAX],
    ['src/feed/planted.ts', "export async function samples() {\n  return (await import('../domain/samples.ts')).sampleStories(0);\n}\n", SYNTAX],
    ['src/app/planted.ts', "import { onDemand } from '../browser/on-demand.ts';\nexport const load = () => onDemand(() => Promise.resolve()).then(() => import('./ErrorPage.tsx'));\n", SYNTAX],
    // How far the app has taken over the page: the boot's alone to write (src/browser/takeover.ts).
    ['src/app/Planted.tsx', "export const shown = () => {\n  document.documentElement.dataset.app = 'ready';\n};\n", SYNTAX],
    ['src/main.tsx', "document.documentElement.setAttribute('data-app', 'failed');\n", SYNTAX],
    ['src/appearance/theme-boot.ts', "export const failed = () => document.documentElement.dataset['app'] === 'failed';\n", SYNTAX],
    // The card's styles are static (docs/performance.md): no function in a template, no .attrs.
    ['src/stories/StoryCard.tsx', "import styled from 'styled-components';\nexport const Card = styled.article`\n  color: ${({ theme }) => theme.color.text};\n`;\n", SYNTAX],
    ['src/stories/StoryGrid.tsx', "import styled from 'styled-components';\nexport const Grid = styled.ul.attrs({ role: 'list' })`\n  margin: 0;\n`;\n", SYNTAX],
    ['src/theme/mixins.ts', "import { css } from 'styled-components';\nexport const ring = css`\n  outline: 2px solid ${(props: { $color: string }) => props.$color};\n`;\n", SYNTAX],
  ])('%s: %s is refused', async (path, code, rule) => {
    const found = await problems(path, code);
    expect(found.some((problem) => problem.startsWith(`${rule}:`)), found.join('\n') || 'no problem reported').toBe(true);
  });

  it.each([
    ['machines/planted.ts', "import type { Story } from '../src/domain/story.ts';\nimport { setup } from 'xstate';\nexport const m = setup({}).createMachine({});\nexport type S = Story;\n"],
    ['machines/planted.ts', "import { CALL_TIMEOUT_MS } from '../src/domain/story.ts';\nimport { setup } from 'xstate';\nexport const m = setup({ delays: { timeout: CALL_TIMEOUT_MS } }).createMachine({});\n"],
    ['src/domain/planted.ts', "import type { Story } from './story.ts';\nexport const host = (story: Story) => new URL(story.url).host;\n"],
    ['src/app/planted.ts', "import { feedMachine } from '../../machines/feed.ts';\nexport const width = () => window.innerWidth + String(feedMachine.id);\n"],
    ['src/ui/Planted.tsx', "import { focusRing } from '../theme/mixins.ts';\nexport const ring = focusRing;\n"],
    ['src/browser/planted.ts', "export const width = () => window.innerWidth;\n"],
    ['src/feed/Planted.tsx', "import type { Story } from '../domain/story.ts';\nimport { Button } from '../ui/Button.tsx';\nimport { readStorage } from '../browser/browser.ts';\nimport { feedMachine } from '../../machines/feed.ts';\nexport const x = [Button, readStorage, feedMachine];\nexport type S = Story;\n"],
    ['src/stories/Planted.tsx', "import type { FeedStatus } from '../feed/selectors.ts';\nexport type S = FeedStatus;\n"],
    ['src/search/Planted.tsx', "import { fetchFeed } from '../feed/fetch-feed.ts';\nimport { StoryCard } from '../stories/StoryCard.tsx';\nexport const x = [fetchFeed, StoryCard];\n"],
    ['src/bookmarks/Planted.tsx', "import { fetchSavedStories } from '../feed/fetch-feed.ts';\nexport const x = fetchSavedStories;\n"],
    ['src/reader/Planted.tsx', "import { isHttpUrl } from '../domain/url.ts';\nexport const x = isHttpUrl;\n"],
    ['src/appearance/Planted.tsx', "import { readStorage } from '../browser/browser.ts';\nexport const x = readStorage;\n"],
    ['src/toasts/Planted.tsx', "import { useBookmarksActor } from '../bookmarks/actors.ts';\nimport { useShareActor } from '../reader/share-actor.ts';\nexport const x = [useBookmarksActor, useShareActor];\n"],
    ['src/offline/planted.ts', "export const scope = '/';\n"],
    ['src/app/planted.ts', "import { useFeed } from '../feed/actors.ts';\nimport { useArchive } from '../search/actors.ts';\nexport const x = [useFeed, useArchive];\n"],
    ['src/stories/StoryCard.tsx', "import styled from 'styled-components';\nimport { theme } from '../theme/tokens.ts';\nexport const Card = styled.article`\n  color: ${theme.color.text};\n`;\n"],
    ['src/feed/Planted.tsx', "import { lazy } from 'react';\nimport { onDemand } from '../browser/on-demand.ts';\nexport const Notice = lazy(() => onDemand(() => import('./DemoNotice.tsx')).then((m) => ({ default: m.DemoNotice })));\nexport type M = typeof import('./DemoNotice.tsx');\n"],
  ])('%s: what the layout allows passes', async (path, code) => {
    expect(await problems(path, code)).toEqual([]);
  });

  it.each([
    'machines/feed.ts',
    'machines/search.ts',
    'src/domain/normalize.ts',
    'src/ui/Button.tsx',
    'src/stories/StoryCard.tsx',
    'src/stories/StoryArea.tsx',
    'src/stories/StoryGrid.tsx',
    'src/stories/RelatedSources.tsx',
    'src/ui/IconButton.tsx',
    'src/ui/PlainButtons.tsx',
    'src/theme/mixins.ts',
    'src/search/ArchiveSection.tsx',
    'src/toasts/OutcomeToasts.tsx',
    'machines/page.ts',
    'src/feed/boot.ts',
    'src/offline/service-worker.ts',
    'src/offline/policy.ts',
    'src/appearance/theme-boot.ts',
    'src/browser/takeover.ts',
    'src/app/router.tsx',
    'src/feed/actors.ts',
    'src/browser/on-demand.ts',
  ])('the real %s passes', async (path) => {
    expect(await problems(path, readFileSync(`${root}${path}`, 'utf8'))).toEqual([]);
  });
});
