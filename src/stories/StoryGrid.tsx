import type { ReactNode } from 'react';
import styled from 'styled-components';
import { mediaUp, theme } from '../theme/tokens.ts';

export type StoryGridLayout = 'top' | 'more';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space(5)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

// One static component per layout: a prop read in the template would rebuild the grid's CSS at each render.
const grids: Record<StoryGridLayout, typeof Grid> = {
  // docs/product.md#screens-and-states: Top Stories 1 column below 768 px, 3 from 768 px.
  top: styled(Grid)`
    ${mediaUp.md} {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
  `,
  // More Stories: 1 column below 640 px, 2 from 640 px, 4 from 1024 px.
  // content-visibility: the browser lays out and paints a card only near the screen, so every
  // match renders at once without paging (docs/performance.md). The card keeps its place at the
  // size it had when last shown ("auto"), or at an estimate of a compact card before that; it
  // stays in the accessibility tree and in find in page, and focus (the reading keys) shows it.
  more: styled(Grid)`
    ${mediaUp.sm} {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    ${mediaUp.lg} {
      grid-template-columns: repeat(4, minmax(0, 1fr));
    }

    & > li {
      content-visibility: auto;
      contain-intrinsic-height: auto 360px;
    }
  `,
};

/** A `<ul role="list">` grid of cards; the role survives `list-style: none` in Safari. */
export function StoryGrid({ layout, children }: { layout: StoryGridLayout; children: ReactNode }) {
  const Layout = grids[layout];
  return <Layout role="list">{children}</Layout>;
}
