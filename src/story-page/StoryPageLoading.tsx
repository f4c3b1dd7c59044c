import styled from 'styled-components';
import { theme } from '../theme/tokens.ts';

const Bar = styled.div`
  height: 1.2em;
  border-radius: ${theme.radius.sm};
  background: ${theme.color.skeleton};
`;

const Loading = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  max-width: 760px;
  padding-block: ${theme.space(6)};
  font-size: clamp(1.6rem, 4vw + 0.6rem, 2.4rem);
`;

/** While the story is on its way: its heading's place, and a word for assistive technology. */
export function StoryPageLoading() {
  return (
    <Loading role="status" aria-label="Loading the story">
      <Bar style={{ width: '90%' }} />
      <Bar style={{ width: '60%' }} />
    </Loading>
  );
}
