/**
 * The import boundaries are rules, not a promise: each case lints a planted file through
 * ESLint's Node API with the project's own eslint.config.js, as `npm run lint` would see it
 * at that path (the file exists only in memory), and expects the violation to be reported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message}`);
}

// Three folders up, from a file two folders below its room (written so, not as a literal path that leaves this repository).
const UP3 = '../'.repeat(3);

const PATHS = 'import-x/no-restricted-paths';
const IMPORTS = '@typescript-eslint/no-restricted-imports';
const FIRST_RENDER = 'no-restricted-imports';
const CYCLE = 'import-x/no-cycle';
const GLOBALS = 'no-restricted-globals';
const SYNTAX = 'no-restricted-syntax';

describe('lint enforces the layout boundaries', () => {
  it.each([
    ['machines/planted.ts', "import { useState } from 'react';\nexport const x = useState;\n", IMPORTS],
    ['machines/planted.ts', "import { createClient } from '@supabase/supabase-js';\nexport const x = createClient;\n", IMPORTS],
    ['machines/planted.ts', "import { App } from '../src/app/App.tsx';\nexport const x = App;\n", PATHS],
    ['machines/planted.ts', "import { PlainButton } from '../src/ui/PlainButtons.tsx';\nexport const x = PlainButton;\n", PATHS],
    ['machines/planted.ts', "import { selectStories } from '../src/feed/selectors.ts';\nexport const x = selectStories;\n", PATHS],
    ['machines/planted.ts', 'export const width = () => window.innerWidth;\n', GLOBALS],
    ['machines/planted.ts', "export const later = () => setTimeout(() => {}, 1000);\n", GLOBALS],
    ['machines/planted.ts', "export const read = () => localStorage.getItem('theme');\n", GLOBALS],
    ['src/domain/planted.ts', "import { App } from '../app/App.tsx';\nexport const x = App;\n", PATHS],
    ['src/domain/planted.ts', "import { PlainButton } from '../ui/PlainButtons.tsx';\nexport const x = PlainButton;\n", PATHS],
    ['src/domain/planted.ts', "import { readStorage } from '../browser/browser.ts';\nexport const x = readStorage;\n", PATHS],
    ['src/domain/planted.ts', "import { feedMachine } from '../../machines/feed.ts';\nexport const x = feedMachine;\n", PATHS],
    ['src/domain/planted.ts', "import styled from 'styled-components';\nexport const x = styled;\n", IMPORTS],
    ['src/domain/planted.ts', "export const title = () => document.title;\n", GLOBALS],
    ['src/domain/planted.ts', "export const env = () => process.env.HOME;\n", GLOBALS],
    // src/ui: generic building blocks, below every feature; type imports count too.
    ['src/ui/Planted.tsx', "import { App } from '../app/App.tsx';\nexport const x = App;\n", PATHS],
    ['src/ui/Planted.tsx', "import { StoryCard } from '../stories/StoryCard.tsx';\nexport const x = StoryCard;\n", PATHS],
    ['src/ui/Planted.tsx', "import type { Story } from '../domain/story.ts';\nexport type S = Story;\n", PATHS],
    // src/system: how components reach the page's actors, below every feature.
    ['src/system/planted.ts', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/system/planted.ts', "import { onDemand } from '../browser/on-demand.ts';\nexport const x = onDemand;\n", PATHS],
    ['src/system/planted.ts', "import { pageMachine } from '../../machines/page.ts';\nexport const x = pageMachine;\n", IMPORTS],
    // src/browser and src/theme: below every feature.
    ['src/browser/planted.ts', "import { useEffect } from 'react';\nexport const x = useEffect;\n", IMPORTS],
    ['src/browser/planted.ts', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/theme/planted.ts', "import { PlainButton } from '../ui/PlainButtons.tsx';\nexport const x = PlainButton;\n", PATHS],
    // Features never import src/app, and another feature only along a stated edge.
    ['src/feed/Planted.tsx', "import { createAppRouter } from '../app/router.tsx';\nexport const x = createAppRouter;\n", PATHS],
    ['src/feed/Planted.tsx', "import { useArchive } from '../search/actors.ts';\nexport const x = useArchive;\n", PATHS],
    // src/alerts: of the features, follow's notifications button only.
    ['src/alerts/Planted.tsx', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/alerts/later/Planted.tsx', "import { useBookmarksActor } from '../../bookmarks/actors.ts';\nexport const x = useBookmarksActor;\n", PATHS],
    ['src/stories/Planted.tsx', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/stories/Planted.tsx', "import type { FeedStatus } from '../feed/selectors.ts';\nexport type S = FeedStatus;\n", PATHS],
    ['src/search/Planted.tsx', "import { useBookmarks } from '../bookmarks/actors.ts';\nexport const x = useBookmarks;\n", PATHS],
    ['src/bookmarks/Planted.tsx', "import { useArchive } from '../search/actors.ts';\nexport const x = useArchive;\n", PATHS],
    ['src/reader/Planted.tsx', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/share/Planted.tsx', "import { StoryCard } from '../stories/StoryCard.tsx';\nexport const x = StoryCard;\n", PATHS],
    ['src/front-page/Planted.tsx', "import { useFollowsActor } from '../follow/actors.ts';\nexport const x = useFollowsActor;\n", PATHS],
    ['src/front-page/later/Planted.tsx', "import { useFeed } from '../../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/appearance/Planted.tsx', "import { App } from '../app/App.tsx';\nexport const x = App;\n", PATHS],
    ['src/toasts/Planted.tsx', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/offline/planted.ts', "import { App } from '../app/App.tsx';\nexport const x = App;\n", PATHS],
    // The backend's client: below every feature, above src/domain only; no feature reaches the backend through another.
    ['src/api/planted.ts', "import { selectStories } from '../feed/selectors.ts';\nexport const x = selectStories;\n", PATHS],
    ['src/api/calls/deep/planted.ts', `import { readStorage } from '${UP3}browser/browser.ts';\nexport const x = readStorage;\n`, PATHS],
    ['src/search/Planted.tsx', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/follow/Planted.tsx', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/follow/later/deep/Planted.tsx', `import { useArchive } from '${UP3}search/actors.ts';\nexport const x = useArchive;\n`, PATHS],
    // The story page: the card's toggles and what they act on, no other feature.
    ['src/story-page/Planted.tsx', "import { useFeed } from '../feed/actors.ts';\nexport const x = useFeed;\n", PATHS],
    ['src/story-page/parts/deep/Planted.tsx', `import { useArchive } from '${UP3}search/actors.ts';\nexport const x = useArchive;\n`, PATHS],
    // The same zones two folders down, and from a room's own later/ folder.
    ['src/stories/share/deep/Planted.tsx', `import { HomePage } from '${UP3}app/HomePage.tsx';\nexport const x = HomePage;\n`, PATHS],
    ['src/stories/later/deep/Planted.tsx', `import { useFeed } from '${UP3}feed/actors.ts';\nexport const x = useFeed;\n`, PATHS],
    ['src/ui/forms/fields/Planted.tsx', `import { StoryCard } from '${UP3}stories/StoryCard.tsx';\nexport const x = StoryCard;\n`, PATHS],
    ['src/domain/lists/stored/planted.ts', `import { readStorage } from '${UP3}browser/browser.ts';\nexport const x = readStorage;\n`, PATHS],
    ['src/browser/a/b/planted.ts', `import { later } from '${UP3}app/later.ts';\nexport const x = later;\n`, PATHS],
    ['machines/storage/deep/planted.ts', `import { useFeed } from '${UP3}src/feed/actors.ts';\nexport const x = useFeed;\n`, PATHS],
    // No import cycle: a module importing what imports it.
    ['src/domain/normalize.ts', "import { parseKeptStories } from './kept-feed.ts';\nexport const x = parseKeptStories;\n", CYCLE],
    ['src/stories/StoryGrid.tsx', "import { StoryList } from './StorySections.tsx';\nexport const x = StoryList;\n", CYCLE],
    // The first render holds no React Aria and nothing of a later/ folder, at any depth.
    ['src/stories/Planted.tsx', "import { Button } from 'react-aria-components';\nexport const x = Button;\n", FIRST_RENDER],
    ['src/stories/cards/parts/Planted.tsx', "import { useButton } from '@react-aria/button';\nexport const x = useButton;\n", FIRST_RENDER],
    ['src/stories/Planted.tsx', "import { RelatedSources } from './later/RelatedSources.tsx';\nexport const x = RelatedSources;\n", FIRST_RENDER],
    ['src/app/Planted.tsx', "import { Button } from '../ui/later/Button.tsx';\nexport const x = Button;\n", FIRST_RENDER],
    ['src/feed/Planted.tsx', "import { createClient } from '@supabase/supabase-js';\nexport const x = createClient;\n", FIRST_RENDER],
    // The standalone bundles.
    ['src/api/boot.ts', "import { startFirstCall } from './fetch-news.ts';\nimport { callFunction } from './functions.ts';\nstartFirstCall('/');\nexport const x = callFunction;\n", IMPORTS],
    ['src/offline/service-worker.ts', "import { useState } from 'react';\nexport const x = useState;\n", IMPORTS],
    ['src/offline/service-worker.ts', "import { registerServiceWorker } from './service-worker-registration.ts';\nexport const x = registerServiceWorker;\n", IMPORTS],
    ['src/offline/policy.ts', "import { readStorage } from '../browser/browser.ts';\nexport const x = readStorage;\n", IMPORTS],
    ['src/appearance/theme-boot.ts', "import { useThemeName } from './actors.ts';\nexport const x = useThemeName;\n", IMPORTS],
    // Code on demand: only through onDemand (src/browser/on-demand.ts), which heals a page after a deploy.
    ['src/feed/Planted.tsx', "import { lazy } from 'react';\nexport const Notice = lazy(() => import('./DemoNotice.tsx'));\n", SYNTAX],
    ['src/feed/planted.ts', "export async function samples() {\n  return (await import('../domain/samples.ts')).sampleStories(0);\n}\n", SYNTAX],
    ['src/app/planted.ts', "import { onDemand } from '../browser/on-demand.ts';\nexport const load = () => onDemand(() => Promise.resolve()).then(() => import('./ErrorPage.tsx'));\n", SYNTAX],
    // How far the app has taken over the page: the boot's alone to write (src/browser/takeover.ts).
    ['src/app/Planted.tsx', "export const shown = () => {\n  document.documentElement.dataset.app = 'ready';\n};\n", SYNTAX],
    ['src/main.tsx', "document.documentElement.setAttribute('data-app', 'failed');\n", SYNTAX],
    ['src/appearance/theme-boot.ts', "export const failed = () => document.documentElement.dataset['app'] === 'failed';\n", SYNTAX],
    // Styles are static (docs/performance.md): no function in a template, no .attrs, anywhere in src/.
    ['src/stories/StoryCard.tsx', "import styled from 'styled-components';\nexport const Card = styled.article`\n  color: ${({ theme }) => theme.color.text};\n`;\n", SYNTAX],
    ['src/search/later/Planted.tsx', "import styled from 'styled-components';\nexport const Chip = styled.span<{ $on: boolean }>`\n  opacity: ${({ $on }) => ($on ? 1 : 0.5)};\n`;\n", SYNTAX],
    ['src/stories/StoryGrid.tsx', "import styled from 'styled-components';\nexport const Grid = styled.ul.attrs({ role: 'list' })`\n  margin: 0;\n`;\n", SYNTAX],
    ['src/theme/mixins.ts', "import { css } from 'styled-components';\nexport const ring = css`\n  outline: 2px solid ${(props: { $color: string }) => props.$color};\n`;\n", SYNTAX],
    // A library's private fields (XState's `_parent`, `_snapshot`, ...): its public API only, in machines/ and src/.
    ['machines/report.ts', "import type { AnyActorRef } from 'xstate';\nexport const reportTo = ({ self }: { self: AnyActorRef }): AnyActorRef => self._parent ?? self;\n", SYNTAX],
    ['machines/storage/deep/planted.ts', "import type { AnyActorRef } from 'xstate';\nexport const parentOf = (self: AnyActorRef) => self['_parent'];\n", SYNTAX],
    ['src/feed/planted.ts', "import type { AnyActorRef } from 'xstate';\nexport const peek = (actor: AnyActorRef) => actor._snapshot;\n", SYNTAX],
    ['src/browser/takeover.ts', "import type { AnyActorRef } from 'xstate';\nexport const parentOf = ({ _parent }: AnyActorRef) => _parent;\n", SYNTAX],
  ])('%s: %s is refused', async (path, code, rule) => {
    const found = await problems(path, code);
    expect(found.some((problem) => problem.startsWith(`${rule}:`)), found.join('\n') || 'no problem reported').toBe(true);
  });

  // Every room of the zones: nothing below src/app imports it, at the room's top and two folders down.
  const ZONED = ['api', 'feed', 'stories', 'story-page', 'share', 'search', 'bookmarks', 'follow', 'alerts', 'reader', 'front-page', 'offline', 'appearance', 'toasts', 'system', 'ui', 'browser', 'theme', 'domain'];
  it.each(
    ZONED.flatMap((room) => [
      [`src/${room}/planted.ts`, "import { App } from '../app/App.tsx';\nexport const x = App;\n"],
      [`src/${room}/a/b/planted.ts`, `import { App } from '${UP3}app/App.tsx';\nexport const x = App;\n`],
    ]),
  )('%s: importing src/app is refused', async (path, code) => {
    const found = await problems(path, code);
    expect(found.some((problem) => problem.startsWith(`${PATHS}:`)), found.join('\n') || 'no problem reported').toBe(true);
  });

  it('the zones name every room of src/ but src/app', () => {
    const rooms = readdirSync(`${root}src`, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'app').map((entry) => entry.name);
    expect(rooms.sort()).toEqual([...ZONED].sort());
  });

  it.each([
    ['machines/planted.ts', "import type { Story } from '../src/domain/story.ts';\nimport { setup } from 'xstate';\nexport const m = setup({}).createMachine({});\nexport type S = Story;\n"],
    ['machines/planted.ts', "import { CALL_TIMEOUT_MS } from '../src/domain/story.ts';\nimport { setup } from 'xstate';\nexport const m = setup({ delays: { timeout: CALL_TIMEOUT_MS } }).createMachine({});\n"],
    ['src/domain/planted.ts', "import type { Story } from './story.ts';\nexport const host = (story: Story) => new URL(story.url).host;\n"],
    ['src/app/planted.ts', "import { feedMachine } from '../../machines/feed.ts';\nexport const width = () => window.innerWidth + String(feedMachine.id);\n"],
    ['src/ui/Planted.tsx', "import { focusRing } from '../theme/mixins.ts';\nexport const ring = focusRing;\n"],
    ['src/system/planted.ts', "import type { pageMachine } from '../../machines/page.ts';\nexport type P = typeof pageMachine;\n"],
    ['src/browser/planted.ts', "export const width = () => window.innerWidth;\n"],
    ['src/feed/Planted.tsx', "import type { Story } from '../domain/story.ts';\nimport { PlainButton } from '../ui/PlainButtons.tsx';\nimport { readStorage } from '../browser/browser.ts';\nimport { feedMachine } from '../../machines/feed.ts';\nexport const x = [PlainButton, readStorage, feedMachine];\nexport type S = Story;\n"],
    ['src/stories/Planted.tsx', "import type { FeedStatus } from '../../machines/feed.ts';\nimport { ShareMenuButton } from '../share/ShareMenuButton.tsx';\nexport type S = FeedStatus;\nexport const x = ShareMenuButton;\n"],
    ['src/search/Planted.tsx', "import { fetchFeed } from '../api/fetch-news.ts';\nimport { StoryCard } from '../stories/StoryCard.tsx';\nexport const x = [fetchFeed, StoryCard];\n"],
    ['src/search/deep/down/Planted.tsx', `import { fetchFeed } from '${UP3}api/fetch-news.ts';\nimport { StoryCard } from '${UP3}stories/StoryCard.tsx';\nexport const x = [fetchFeed, StoryCard];\n`],
    ['src/bookmarks/Planted.tsx', "import { fetchSavedStories } from '../api/fetch-news.ts';\nexport const x = fetchSavedStories;\n"],
    ['src/api/planted.ts', "import { parseStoredTheme } from '../domain/theme.ts';\nexport const x = parseStoredTheme;\n"],
    ['src/story-page/Planted.tsx', "import { StoryToggles } from '../stories/StoryToggles.tsx';\nimport { useBookmarks } from '../bookmarks/actors.ts';\nimport { useFollowsActor } from '../follow/actors.ts';\nimport { useShareActor } from '../share/share-actor.ts';\nimport { answerOf } from '../api/fetch-news.ts';\nexport const x = [StoryToggles, useBookmarks, useFollowsActor, useShareActor, answerOf];\n"],
    ['src/api/planted.ts', "import { storiesFromAnswer } from '../domain/normalize.ts';\nexport const x = storiesFromAnswer;\n"],
    ['src/reader/Planted.tsx', "import { isHttpUrl } from '../domain/url.ts';\nexport const x = isHttpUrl;\n"],
    ['src/appearance/Planted.tsx', "import { readStorage } from '../browser/browser.ts';\nexport const x = readStorage;\n"],
    ['src/toasts/Planted.tsx', "import { useBookmarksActor } from '../bookmarks/actors.ts';\nimport { useShareActor } from '../share/share-actor.ts';\nexport const x = [useBookmarksActor, useShareActor];\n"],
    ['src/offline/planted.ts', "export const scope = '/';\n"],
    ['src/app/planted.ts', "import { useFeed } from '../feed/actors.ts';\nimport { useArchive } from '../search/actors.ts';\nexport const x = [useFeed, useArchive];\n"],
    // A later/ folder, at any depth, may use React Aria and the other later parts.
    ['src/stories/later/Planted.tsx', "import { Disclosure } from 'react-aria-components';\nimport { Button } from '../../ui/later/Button.tsx';\nexport const x = [Disclosure, Button];\n"],
    ['src/search/filters/later/chips/Planted.tsx', "import { TagGroup } from 'react-aria-components';\nexport const x = TagGroup;\n"],
    ['src/stories/StoryCard.tsx', "import styled from 'styled-components';\nimport { theme } from '../theme/tokens.ts';\nexport const Card = styled.article`\n  color: ${theme.color.text};\n`;\n"],
    ['src/feed/Planted.tsx', "import { lazy } from 'react';\nimport { onDemand } from '../browser/on-demand.ts';\nexport const Notice = lazy(() => onDemand(() => import('./DemoNotice.tsx')).then((m) => ({ default: m.DemoNotice })));\nexport type M = typeof import('./DemoNotice.tsx');\n"],
  ])('%s: what the layout allows passes', async (path, code) => {
    expect(await problems(path, code)).toEqual([]);
  });

  it.each([
    'machines/feed.ts',
    'machines/search.ts',
    'machines/follows.ts',
    'machines/report.ts',
    'src/domain/normalize.ts',
    'src/ui/later/Button.tsx',
    'src/stories/StoryCard.tsx',
    'src/stories/StoryArea.tsx',
    'src/stories/StoryGrid.tsx',
    'src/stories/later/RelatedSources.tsx',
    'src/ui/later/IconButton.tsx',
    'src/ui/PlainButtons.tsx',
    'src/theme/mixins.ts',
    'src/search/later/ArchiveSection.tsx',
    'src/toasts/OutcomeToasts.tsx',
    'machines/page.ts',
    'src/api/boot.ts',
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
