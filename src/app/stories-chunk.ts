/**
 * One chunk for what shows with the stories: the cards, the reader features and the notices
 * beside them, and the empty state (a search or filter with no match needs stories first).
 */
export { StorySections } from '../components/StorySections.tsx';
export { ReaderFeatures } from './ReaderFeatures.tsx';
export { FeedNotices } from './FeedNotices.tsx';
export { EmptyState } from '../components/EmptyState.tsx';
