import styled, { css, keyframes } from 'styled-components';
import type { StoryCardVariant } from './StoryCard.tsx';
import { StoryGrid } from './StoryGrid.tsx';

const TOP_COUNT = 3;
const MORE_COUNT = 8;

const shimmer = keyframes`
  from { background-position: 200% 0; }
  to { background-position: -200% 0; }
`;

const shape = css`
  border-radius: ${({ theme }) => theme.radius.sm};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.color.skeleton} 25%,
    ${({ theme }) => theme.color.skeletonHighlight} 50%,
    ${({ theme }) => theme.color.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.6s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(10)};
`;

const HeadingShape = styled.div`
  ${shape}
  width: 180px;
  height: 28px;
  margin: ${({ theme }) => `${theme.space(4)} 0`};
`;

const CardShape = styled.li`
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const ImageShape = styled.div`
  ${shape}
  aspect-ratio: 16 / 9;
  border-radius: 0;
`;

const Lines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2.5)};
  padding: ${({ theme }) => theme.space(4)};
`;

const Line = styled.div<{ $width: string; $height?: number }>`
  ${shape}
  width: ${({ $width }) => $width};
  height: ${({ $height = 12 }) => `${$height}px`};
`;

function SkeletonCard({ variant }: { variant: StoryCardVariant }) {
  const titleHeight = variant === 'large' ? 22 : 18;
  return (
    <CardShape>
      <ImageShape />
      <Lines>
        <Line $width="35%" />
        <Line $width="92%" $height={titleHeight} />
        <Line $width="70%" $height={titleHeight} />
        <Line $width="100%" />
        <Line $width="85%" />
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
        <StoryGrid $layout="top">
          {Array.from({ length: TOP_COUNT }, (_, index) => (
            <SkeletonCard key={index} variant="large" />
          ))}
        </StoryGrid>
      </div>
      <div>
        <HeadingShape />
        <StoryGrid $layout="more">
          {Array.from({ length: MORE_COUNT }, (_, index) => (
            <SkeletonCard key={index} variant="compact" />
          ))}
        </StoryGrid>
      </div>
    </Stack>
  );
}
