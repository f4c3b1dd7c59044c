import styled, { css, keyframes } from 'styled-components';
import type { StoryCardVariant } from './StoryCard.tsx';
import { StoryGrid } from './StoryGrid.tsx';
import { theme } from '../theme/tokens.ts';

const TOP_COUNT = 3;
const MORE_COUNT = 8;

// One animation for the whole placeholder, on opacity alone: the compositor runs it, so the
// page paints nothing per frame while it waits, where a shimmer on each shape's background would
// repaint all of them on the main thread every frame while a large answer is read
// (docs/product.md#decisions-where-the-brief-was-silent).
const pulse = keyframes`
  50% { opacity: 0.55; }
`;

const shape = css`
  border-radius: ${theme.radius.sm};
  background: ${theme.color.skeleton};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(10)};
  animation: ${pulse} 1.6s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const HeadingShape = styled.div`
  ${shape}
  width: 180px;
  height: 28px;
  margin: ${theme.space(4)} 0;
`;

const CardShape = styled.li`
  overflow: hidden;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
`;

const ImageShape = styled.div`
  ${shape}
  aspect-ratio: 16 / 9;
  border-radius: 0;
`;

const Lines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2.5)};
  padding: ${theme.space(4)};
`;

// Each line's size in its style: one static rule for every line.
const LineShape = styled.div`
  ${shape}
  height: 12px;
`;

function Line({ width, height }: { width: string; height?: number }) {
  return <LineShape style={{ width, height }} />;
}

function SkeletonCard({ variant }: { variant: StoryCardVariant }) {
  const titleHeight = variant === 'large' ? 22 : 18;
  return (
    <CardShape>
      <ImageShape />
      <Lines>
        <Line width="35%" />
        <Line width="92%" height={titleHeight} />
        <Line width="70%" height={titleHeight} />
        <Line width="100%" />
        <Line width="85%" />
      </Lines>
    </CardShape>
  );
}

/** Loading placeholders in the real grids, so the page keeps its shape when stories arrive. */
export function SkeletonCards() {
  return (
    <Stack aria-hidden="true">
      <div>
        <HeadingShape />
        <StoryGrid layout="top">
          {Array.from({ length: TOP_COUNT }, (_, index) => (
            <SkeletonCard key={index} variant="large" />
          ))}
        </StoryGrid>
      </div>
      <div>
        <HeadingShape />
        <StoryGrid layout="more">
          {Array.from({ length: MORE_COUNT }, (_, index) => (
            <SkeletonCard key={index} variant="compact" />
          ))}
        </StoryGrid>
      </div>
    </Stack>
  );
}
