/** One chunk for what shows with the stories: the cards, the reader features and the notices beside them. */
export { StorySections } from '../components/StorySections.tsx';
export { ReaderFeatures } from './ReaderFeatures.tsx';
export { FeedNotices } from './FeedNotices.tsx';
