import { storiesWithNewReports } from '../domain/follows.ts';
import { StackedNotice } from '../ui/NoticeStack.tsx';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { FollowIcon } from '../ui/icons.tsx';
import { useFollows } from './actors.ts';
import { returnNoticeText } from './texts.ts';

/**
 * On return: "{N} stories you follow have new reports" with "Show", which opens the Following
 * view (docs/product.md#following-a-story). Not while the view shows: there the cards say it.
 * It floats in the notices' stack at the bottom of the viewport (src/ui/NoticeStack.tsx): its count
 * comes with the `?follow=` answer, after the stories are drawn, and nothing on the page moves when it shows.
 */
export function FollowNotice({ onShow }: { onShow(): void }) {
  const count = useFollows((snapshot) => (snapshot.hasTag('viewing') ? 0 : storiesWithNewReports(snapshot.context.follows)));
  return (
    <StackedNotice shown={count > 0}>
      <FollowIcon size={18} />
      <p>{returnNoticeText(count)}</p>
      <PlainButton variant="primary" onClick={onShow}>
        Show
      </PlainButton>
    </StackedNotice>
  );
}
