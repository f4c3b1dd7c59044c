import styled from 'styled-components';
import { theme } from '../theme/tokens.ts';
import { AlertIcon, NewspaperIcon, RefreshIcon } from '../ui/icons.tsx';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { RouteButtonLink } from '../ui/RouteLink.tsx';
import { StateMessage } from '../ui/StateMessage.tsx';
import { FAILED_TEXT, GONE_TEXT, GONE_TITLE, OFFLINE_TEXT, OFFLINE_TITLE } from './texts.ts';

const Message = styled(StateMessage)`
  h1 {
    font-family: ${theme.font.heading};
    font-size: ${theme.font.size.xl};
    line-height: ${theme.font.lineHeight.tight};
  }
`;

/** The store no longer has the story (404): "This story is no longer available", and the way home. */
export function StoryPageGone() {
  return (
    <Message>
      <NewspaperIcon size={40} />
      <h1>{GONE_TITLE}</h1>
      <p>{GONE_TEXT}</p>
      <RouteButtonLink href="/">Return to Home</RouteButtonLink>
    </Message>
  );
}

/** The call failed (a 5xx, a failed request, no answer in time), or the browser is offline and keeps nothing of the story: "Try again". */
export function StoryPageFailed({ offline, onRetry }: { offline: boolean; onRetry(): void }) {
  return (
    <Message role="alert">
      <AlertIcon size={40} />
      <h1>{offline ? OFFLINE_TITLE : FAILED_TEXT}</h1>
      {offline && <p>{OFFLINE_TEXT}</p>}
      <PlainButton variant="primary" onClick={onRetry}>
        <RefreshIcon size={16} />
        Try again
      </PlainButton>
    </Message>
  );
}
