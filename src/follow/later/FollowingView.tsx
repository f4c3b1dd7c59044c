/**
 * The Following view (docs/product.md#following-a-story): the followed stories, newest followed
 * first, as cards with their coverage as it stands now (the last known copies when offline),
 * "{N} new reports" on those that grew, the notes of follows that ended, and notifications.
 */
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { followedStories } from '../../domain/follows.ts';
import { SectionHeading } from '../../stories/SectionHeading.tsx';
import { StoryList, type CardListProps } from '../../stories/StorySections.tsx';
import { FollowIcon } from '../../ui/icons.tsx';
import { StateMessage } from '../../ui/StateMessage.tsx';
import { useFollows } from '../actors.ts';
import { NotificationsControl } from './NotificationsControl.tsx';
import { endedText, FOLLOWING_EMPTY_TEXT, FOLLOWING_EMPTY_TITLE } from './texts.ts';
import { wrappingRow } from '../../theme/mixins.ts';
import { theme } from '../../theme/tokens.ts';

const Head = styled.div`
  ${wrappingRow}
  justify-content: space-between;
  margin-bottom: ${theme.space(4)};
`;

const Notes = styled.ul`
  margin-bottom: ${theme.space(4)};
  padding: 0;
  color: ${theme.color.textMuted};
  font-size: ${theme.font.size.sm};
  list-style: none;
`;

export function FollowingView(cardProps: CardListProps) {
  const headingId = useId();
  const follows = useFollows((snapshot) => snapshot.context.follows);
  const marks = useFollows((snapshot) => snapshot.context.marks);
  const ended = useFollows((snapshot) => snapshot.context.ended);
  const stories = useMemo(() => followedStories(follows), [follows]);
  return (
    <section id="stories" aria-labelledby={headingId}>
      <Head>
        <SectionHeading id={headingId} style={{ marginBottom: 0, flex: '1 1 auto' }}>
          Stories you follow
        </SectionHeading>
        <NotificationsControl />
      </Head>
      {ended.length > 0 && (
        <Notes>
          {ended.map((follow) => (
            <li key={follow.id}>{endedText(follow.story?.title)}</li>
          ))}
        </Notes>
      )}
      {stories.length === 0 ? (
        <StateMessage>
          <FollowIcon size={40} />
          <h2>{FOLLOWING_EMPTY_TITLE}</h2>
          <p>{FOLLOWING_EMPTY_TEXT}</p>
        </StateMessage>
      ) : (
        <StoryList stories={stories} layout="more" variant="compact" {...cardProps} newReports={marks} />
      )}
    </section>
  );
}
