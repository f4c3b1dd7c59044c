import styled from 'styled-components';
import { storiesWithNewReports } from '../domain/follows.ts';
import { floatingBar, floatingRegion } from '../theme/floating.ts';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { FollowIcon } from '../ui/icons.tsx';
import { useFollows } from './actors.ts';
import { returnNoticeText } from './texts.ts';
import { theme } from '../theme/tokens.ts';

const Region = styled.div`
  ${floatingRegion}
  bottom: ${theme.space(3)};
`;

const Bar = styled.div`
  ${floatingBar}
`;

/**
 * On return: "{N} stories you follow have new reports" with "Show", which opens the Following
 * view (docs/product.md#following-a-story). Not while the view shows: there the cards say it.
 * It floats at the bottom of the viewport, as the other notices do: its count comes with the
 * `?follow=` answer, after the stories are drawn, and nothing on the page moves when it shows.
 */
export function FollowNotice({ onShow }: { onShow(): void }) {
  const count = useFollows((snapshot) => (snapshot.hasTag('viewing') ? 0 : storiesWithNewReports(snapshot.context.follows)));
  return (
    <Region role="status">
      {count > 0 && (
        <Bar>
          <FollowIcon size={18} />
          <p>{returnNoticeText(count)}</p>
          <PlainButton variant="primary" onClick={onShow}>
            Show
          </PlainButton>
        </Bar>
      )}
    </Region>
  );
}
