/** The later part's components that the first render's components are given (src/app/later.ts hands them down). */
import { RelatedSources } from '../../src/stories/later/RelatedSources.tsx';
import { ShareMenu } from '../../src/share/later/ShareMenu.tsx';
import { MoreOptionsMenu } from '../../src/stories/later/MoreOptionsMenu.tsx';
import type { CardParts } from '../../src/stories/StoryCard.tsx';

export const cardParts: CardParts = { RelatedSources, ShareMenu, MoreOptionsMenu };
