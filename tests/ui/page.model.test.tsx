// @vitest-environment jsdom
/**
 * Model-based UI test (the dieHard pattern of @xstate/graph's own tests): a small abstract model of what the
 * visitor sees, with no invoke or delays, whose paths @xstate/graph generates. Each path is
 * replayed through the rendered app: `events` performs the step (a backend outcome or a
 * visitor action), `states` asserts what is on screen.
 */
import { createTestModel } from '@xstate/graph';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { sampleStories } from '../../src/domain/samples.ts';
import { liveAnswer, renderApp, stubClipboard, storyArea, type ScriptedBackend } from './harness.tsx';
import type userEvent from '@testing-library/user-event';

const DEMO_NOTICE = 'Currently showing demo content. The live news feed will be available once API access is configured.';

const browsing = {
  initial: 'browsing',
  states: {
    browsing: {
      on: { 'visitor.bookmark': 'bookmarked', 'visitor.searchNothing': 'nothingFound', 'visitor.copyLink': 'linkCopied' },
    },
    bookmarked: { on: { 'visitor.unbookmark': 'unbookmarked' } },
    unbookmarked: {},
    nothingFound: { on: { 'visitor.clearSearch': 'searchCleared' } },
    searchCleared: {},
    linkCopied: {},
  },
} as const;

const pageModel = createMachine({
  id: 'page',
  initial: 'loading',
  states: {
    loading: {
      on: { 'backend.stories': 'live', 'backend.noStories': 'demo', 'backend.down': 'demo', 'backend.downAndNoSamples': 'error' },
    },
    error: { on: { 'visitor.tryAgain': 'retrying' } },
    retrying: { on: { 'backend.stories': 'live' } },
    live: browsing,
    demo: browsing,
  },
});

interface Session {
  user: ReturnType<typeof userEvent.setup>;
  backend: ScriptedBackend;
  clipboard: string[];
}

const firstCard = () => within(storyArea()).getAllByRole('article')[0] as HTMLElement;
const firstTitle = () => within(firstCard()).getByRole('heading').textContent ?? '';

async function expectToast(title: string, description: string) {
  const region = await screen.findByRole('region', { name: /notification/i });
  await within(region).findByText(title);
  expect(within(region).getByText(description)).toBeInTheDocument();
}

/** The page shows the stories, every one of them once the batches after the first cards have rendered. */
async function expectStoriesShown(kind: 'live' | 'demo') {
  expect(storyArea()).toHaveAttribute('aria-busy', 'false');
  expect(screen.getByRole('heading', { level: 2, name: 'Top Stories' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'More Stories' })).toBeInTheDocument();
  const notice = screen.queryByText(DEMO_NOTICE);
  if (kind === 'demo') {
    expect(notice?.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(within(storyArea()).getAllByRole('article')).toHaveLength(6));
  } else {
    expect(notice).toBeNull();
    await waitFor(() => expect(within(storyArea()).getAllByRole('article')).toHaveLength(liveAnswer.stories.length));
  }
}

const browsingChecks = (kind: 'live' | 'demo') => ({
  [`${kind}.browsing`]: () => expectStoriesShown(kind),
  [`${kind}.bookmarked`]: async () => {
    await expectStoriesShown(kind);
    expect(within(firstCard()).getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
    await expectToast('Story bookmarked', 'Story saved to your bookmarks');
  },
  [`${kind}.unbookmarked`]: async () => {
    expect(within(firstCard()).getByRole('button', { name: 'Bookmark story' })).toHaveAttribute('aria-pressed', 'false');
    await expectToast('Bookmark removed', 'Story removed from your bookmarks');
  },
  [`${kind}.nothingFound`]: () => {
    expect(screen.getByText('No stories found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Top Stories' })).toBeNull();
  },
  [`${kind}.searchCleared`]: () => expectStoriesShown(kind),
  [`${kind}.linkCopied`]: async () => {
    await expectToast('Link copied', 'Story link copied to clipboard');
  },
});

const model = createTestModel(pageModel);
const paths = model.getSimplePaths();

describe(`the page, ${paths.length} paths through the visitor's model`, () => {
  it('generates the expected number of paths (a model change that drops coverage fails here)', () => {
    expect(paths).toHaveLength(12);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_name, path) => {
    const { user, backend } = await renderApp();
    const session: Session = { user, backend, clipboard: stubClipboard('works') };
    await path.test({
      states: {
        loading: () => {
          expect(storyArea()).toHaveAttribute('aria-busy', 'true');
          expect(within(storyArea()).queryByRole('article')).toBeNull();
        },
        error: () => {
          expect(screen.getByRole('heading', { name: 'Error Loading News' })).toBeInTheDocument();
          expect(screen.getByText('Failed to fetch the latest stories')).toBeInTheDocument();
          expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
        },
        retrying: () => {
          expect(storyArea()).toHaveAttribute('aria-busy', 'true');
        },
        ...browsingChecks('live'),
        ...browsingChecks('demo'),
      },
      events: {
        'backend.stories': async () => {
          await session.backend.answer(liveAnswer);
          await screen.findByRole('heading', { name: 'Top Stories' });
        },
        'backend.noStories': async () => {
          await session.backend.answer({ stories: [{ id: '', title: 'invalid' }] });
          await screen.findByText(DEMO_NOTICE);
        },
        'backend.down': async () => {
          await session.backend.fail();
          await session.backend.fail(new Error('FunctionsHttpError: 503'));
          await screen.findByText(DEMO_NOTICE);
        },
        'backend.downAndNoSamples': async () => {
          session.backend.samplesFail = true;
          await session.backend.fail();
          await session.backend.fail();
          await screen.findByRole('heading', { name: 'Error Loading News' });
        },
        'visitor.tryAgain': async () => {
          await session.user.click(screen.getByRole('button', { name: 'Try Again' }));
        },
        'visitor.bookmark': async () => {
          await session.user.click(within(firstCard()).getByRole('button', { name: 'Bookmark story' }));
        },
        'visitor.unbookmark': async () => {
          await session.user.click(within(firstCard()).getByRole('button', { name: 'Remove bookmark' }));
        },
        'visitor.searchNothing': async () => {
          await session.user.type(screen.getByRole('searchbox', { name: 'Search news stories' }), 'zzqx no such story');
          await screen.findByText('No stories found');
        },
        'visitor.clearSearch': async () => {
          await session.user.clear(screen.getByRole('searchbox', { name: 'Search news stories' }));
          await screen.findByRole('heading', { name: 'Top Stories' });
        },
        'visitor.copyLink': async () => {
          const title = firstTitle();
          await session.user.click(within(firstCard()).getByRole('button', { name: 'Share story' }));
          await session.user.click(await screen.findByRole('menuitem', { name: 'Copy Link' }));
          await waitFor(() => expect(session.clipboard).toHaveLength(1));
          // The first card is a live story or a sample story: its own URL, and nothing else, is copied.
          const story = [...liveAnswer.stories, ...sampleStories(Date.now())].find((s) => s.title === title);
          expect(story, `no live or sample story is titled ${title}`).toBeDefined();
          expect(session.clipboard).toEqual([story?.url]);
        },
      },
    });
  });
});
