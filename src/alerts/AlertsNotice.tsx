import { useMemo, useState } from 'react';
import { alertNews, alertNewsText } from '../domain/alerts.ts';
import type { Story } from '../domain/story.ts';
import { StackedNotice } from '../ui/NoticeStack.tsx';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { AlertIcon } from '../ui/icons.tsx';
import { useAlerts } from './actors.ts';

export interface AlertsNoticeProps {
  /** The stories the page holds now: live, or kept for an offline visit. */
  stories: readonly Story[];
  /** The previous visit (ms), null on a first visit. */
  lastVisit: number | null;
  /** "Show": opens the search for these words (the stack sits outside the router's tree, so it is handed the router's navigation). */
  onShow(words: string): void;
}

/**
 * On return: "{N} new stories match your alerts" with "Show", which opens the search for the alert with
 * the most matches (docs/product.md#alerts-for-words). It needs no push and no call: the stories the
 * page holds, kept ones too, are matched here. Once shown, it has said its piece.
 */
export function AlertsNotice({ stories, lastVisit, onShow }: AlertsNoticeProps) {
  const alerts = useAlerts((snapshot) => snapshot.context.alerts);
  const news = useMemo(() => alertNews(alerts, stories, lastVisit), [alerts, stories, lastVisit]);
  const [shown, setShown] = useState(false);
  const show = (words: string) => {
    setShown(true);
    onShow(words);
  };
  return (
    <StackedNotice shown={news !== null && !shown}>
      <AlertIcon size={18} />
      <p>{news === null ? '' : alertNewsText(news.count)}</p>
      <PlainButton variant="primary" onClick={() => news !== null && show(news.top)}>
        Show
      </PlainButton>
    </StackedNotice>
  );
}
