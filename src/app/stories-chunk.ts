/** One chunk for what shows with the stories: the cards and the reader features beside them. */
export { StorySections } from '../components/StorySections.tsx';
export { ReaderFeatures } from './ReaderFeatures.tsx';
