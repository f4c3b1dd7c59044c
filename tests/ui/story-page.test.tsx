// @vitest-environment jsdom
/**
 * A page for each story in the whole app (docs/product.md#a-page-for-each-story): a card's "Full
 * coverage", a first visit to `/story/<id>`, the counts and the reports, the card's toggles, "Copy
 * link to this page", gone, failed then "Try again", offline, the samples, and Back keeping the list.
 * The `?story=` call is the page's own (src/story-page/actors.ts) over a stubbed fetch; the other
 * calls are the harness's scripted backend.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Story } from '../../src/domain/story.ts';
import { liveAnswer, renderApp, showLiveStories, stubClipboard } from './harness.tsx';

const lead: Story = {
  id: 'g1',
  title: 'Storm damages main cables, harbour bridge closes',
  summary: 'The crossing shut at dawn.',
  source: 'Gamma',
  url: 'https://gamma.example/cables',
  published_at: '2026-11-20T09:00:00.000Z',
  category: 'World',
  related: [
    { source: 'Beta', url: 'https://beta.example/b1' },
    { source: 'Delta', url: 'https://delta.example/d1' },
  ],
};
const report = (id: string, source: string, title: string, at: string) => ({ id, title, summary: '', source, url: `https://${source.toLowerCase()}.example/${id}`, published_at: at });
const answer = {
  story: lead,
  reports: [
    { ...lead, related: undefined },
    report('b1', 'Beta', 'Harbour bridge closes after storm', '2026-11-20T10:00:00.000Z'),
    report('d1', 'Delta', 'عاصفة تغلق جسر الميناء', '2026-11-20T11:00:00.000Z'),
  ],
  generated_at: '2026-11-20T12:00:00.000Z',
};

type Reply = { status: number; body?: unknown } | 'no connection';

/** fetch-news's `?story=` answers, in turn; every call's URL is kept. */
function stubStoryCalls(...replies: Reply[]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(String(url));
    const reply = replies.shift() ?? { status: 503, body: { error: 'store_unavailable' } };
    if (reply === 'no connection') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

const storyHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe("a story's page", () => {
  it('a first visit to its address: the leading title as the h1, its counts, and every report earliest first, each a link in a new tab', async () => {
    const asked = stubStoryCalls({ status: 200, body: answer });
    await renderApp({ path: '/story/b1', waitFor: 'nothing' });
    expect(await storyHeading(lead.title)).toHaveAttribute('dir', 'auto');
    expect(asked).toEqual(['http://127.0.0.1:54321/functions/v1/fetch-news?story=b1']);
    expect(screen.getByText('3 reports from 3 outlets')).toBeInTheDocument();
    expect(screen.getByText('First reported by Gamma')).toBeInTheDocument();
    const reports = within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports.map((item) => within(item).getByRole('link').textContent)).toEqual([lead.title, 'Harbour bridge closes after storm', 'عاصفة تغلق جسر الميناء']);
    const last = within(reports[2]!).getByRole('link', { name: 'عاصفة تغلق جسر الميناء' });
    expect(last).toHaveAttribute('href', 'https://delta.example/d1');
    expect(last).toHaveAttribute('target', '_blank');
    expect(last).toHaveAttribute('dir', 'auto');
    expect(within(reports[2]!).getByText('Delta')).toBeInTheDocument();
    expect(reports[1]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
    // The site's name is no heading here; the document's title begins with the story's.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(`${lead.title} · Newsroom`));
    expect(screen.getByRole('link', { name: 'All stories' })).toHaveAttribute('href', '/');
  });

  it("one report from one outlet: '1 report from 1 outlet'", async () => {
    stubStoryCalls({ status: 200, body: { story: { ...lead, related: undefined }, reports: [answer.reports[0]], generated_at: '2026-11-20T12:00:00.000Z' } });
    await renderApp({ path: '/story/g1', waitFor: 'nothing' });
    await storyHeading(lead.title);
    expect(screen.getByText('1 report from 1 outlet')).toBeInTheDocument();
  });

  it("the card's toggles act on the leading story, and 'Copy link to this page' copies the page's own address", async () => {
    stubStoryCalls({ status: 200, body: answer });
    const { user, backend } = await renderApp({ path: '/story/b1', waitFor: 'nothing' });
    const written = stubClipboard('works');
    await storyHeading(lead.title);
    await user.click(screen.getByRole('button', { name: 'Bookmark story' }));
    expect(screen.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('newsBookmarks') ?? '[]')).toEqual(['g1']);
    await user.click(screen.getByRole('button', { name: 'Follow story' }));
    expect(screen.getByRole('button', { name: 'Unfollow story' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('newsFollows') ?? '[]')).toEqual([expect.objectContaining({ id: 'g1' })]);
    await backend.answerCall('follow', { stories: [], generated_at: '', sources: [] }).catch(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Copy link to this page' }));
    expect(await screen.findByText('Story link copied to clipboard')).toBeInTheDocument();
    expect(written).toEqual([`${window.location.origin}/story/b1`]);
  });

  it('its page open, the story is read, as "Read more" makes a card\'s: "More options" then offers "Mark as unread"', async () => {
    stubStoryCalls({ status: 200, body: answer });
    const { user } = await renderApp({ path: '/story/b1', waitFor: 'nothing' });
    await storyHeading(lead.title);
    // The leading story, as the page's "Mark as read" marks it.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('newsRead') ?? '[]')).toEqual(['g1']));
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Mark as unread' })).toBeInTheDocument();
  });

  it('gone (404): "This story is no longer available", kept for 30 days, and the way home', async () => {
    stubStoryCalls({ status: 404, body: { error: 'not_found' } });
    await renderApp({ path: '/story/zz9', waitFor: 'nothing' });
    expect(await storyHeading('This story is no longer available')).toBeInTheDocument();
    expect(screen.getByText('Stories are kept for 30 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('failed (5xx): "This story could not load"; "Try again" asks again and shows it', async () => {
    const asked = stubStoryCalls({ status: 503, body: { error: 'store_unavailable' } }, { status: 200, body: answer });
    const { user } = await renderApp({ path: '/story/g1', waitFor: 'nothing' });
    expect(await storyHeading('This story could not load')).toBeInTheDocument();
    expect(screen.queryByText('This story is no longer available')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await storyHeading(lead.title)).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('a malformed answer is a failure too, not a page of nothing', async () => {
    stubStoryCalls({ status: 200, body: { story: { id: 'g1' }, reports: 'none' } });
    await renderApp({ path: '/story/g1', waitFor: 'nothing' });
    expect(await storyHeading('This story could not load')).toBeInTheDocument();
  });

  it('offline: a followed story shows what the browser keeps, with the offline notice; one never kept says it needs a connection', async () => {
    localStorage.setItem('newsFollows', JSON.stringify([{ id: 'g1', followed_at: '2026-11-20T10:00:00.000Z', seen: 3, story: lead }]));
    stubStoryCalls('no connection', 'no connection');
    const { router } = await renderApp({ path: '/story/g1', waitFor: 'nothing' });
    expect(await storyHeading(lead.title)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toBeInTheDocument();
    expect(screen.getByText("You're offline. Showing this story as this browser kept it.")).toBeInTheDocument();
    expect(screen.getByText('3 reports from 3 outlets')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfollow story' })).toBeInTheDocument();
    await act(() => router.navigate({ href: '/story/never-seen' }));
    expect(await storyHeading('This story needs a connection')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('every way there', () => {
  it('every card links to its page as "Full coverage"; the page is drawn without a reload, and Back finds the list, the box and the URL as they were', async () => {
    const asked = stubStoryCalls({ status: 200, body: { ...answer, story: { ...liveAnswer.stories[1], related: undefined }, reports: [liveAnswer.stories[1]] } });
    const { user, backend, router, history } = await renderApp({ path: '/?q=a' });
    await showLiveStories(backend);
    // All 14 stories have an "a"; every card drawn, in steps.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(14));
    const cards = screen.getAllByRole('article');
    const titles = cards.map((article) => within(article).getByRole('heading').textContent);
    for (const card of cards) expect(within(card).getByRole('link', { name: 'Full coverage' }).getAttribute('href')).toMatch(/^\/story\/[^/]+$/);
    const second = liveAnswer.stories[1]!;
    const card = cards.find((article) => within(article).queryByRole('heading', { name: second.title }))!;
    await user.click(within(card).getByRole('link', { name: 'Full coverage' }));
    expect(await storyHeading(second.title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/story/${second.id}`);
    expect(asked).toEqual([`http://127.0.0.1:54321/functions/v1/fetch-news?story=${second.id}`]);
    // The home page is kept, hidden, while the story shows.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await act(() => history.back());
    await waitFor(() => expect(router.state.location.href).toBe('/?q=a'));
    expect(await screen.findByRole('searchbox', { name: 'Search news stories' })).toHaveValue('a');
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(titles);
    expect(backend.fetchCount).toBe(1);
  });

  it('a sample story has no "Follow story", and its page shows from the samples with no call: one report from one outlet', async () => {
    const asked = stubStoryCalls();
    const { user, backend } = await renderApp();
    await backend.answer({ stories: [] });
    await screen.findByText(/Currently showing demo content/);
    const card = screen.getAllByRole('article')[0]!;
    expect(within(card).queryByRole('button', { name: 'Follow story' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bookmark story' })).toBeInTheDocument();
    const title = within(card).getByRole('heading').textContent ?? '';
    await user.click(within(card).getByRole('link', { name: 'Full coverage' }));
    expect(await storyHeading(title)).toBeInTheDocument();
    expect(screen.getByText('1 report from 1 outlet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow story' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
