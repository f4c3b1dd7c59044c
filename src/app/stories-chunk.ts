/** One chunk for what shows with the stories: the cards, the reader features, the notices beside them, and the connections that matter once they show. */
export { StorySections } from '../components/StorySections.tsx';
export { ReaderFeatures } from './ReaderFeatures.tsx';
export { FeedNotices } from './FeedNotices.tsx';
export { LaterConnections } from './LaterConnections.tsx';
