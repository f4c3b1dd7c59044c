import styled from 'styled-components';
import { storiesWithNewReports } from '../domain/follows.ts';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { FollowIcon } from '../ui/icons.tsx';
import { useFollows } from './actors.ts';
import { returnNoticeText } from './texts.ts';
import { theme } from '../theme/tokens.ts';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(6)};
  padding: ${theme.space(2)} ${theme.space(4)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};

  p {
    flex: 1 1 auto;
  }
`;

/**
 * On return: "{N} stories you follow have new reports" with "Show", which opens the Following
 * view (docs/product.md#following-a-story). Not while the view shows: there the cards say it.
 * In the first render, with a plain button: above the stories, it would move them down if it came later.
 */
export function FollowNotice({ onShow }: { onShow(): void }) {
  const count = useFollows((snapshot) => (snapshot.hasTag('viewing') ? 0 : storiesWithNewReports(snapshot.context.follows)));
  return (
    <div role="status">
      {count > 0 && (
        <Bar>
          <FollowIcon size={18} />
          <p>{returnNoticeText(count)}</p>
          <PlainButton variant="primary" onClick={onShow}>
            Show
          </PlainButton>
        </Bar>
      )}
    </div>
  );
}
