import { useState } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/tokens.ts';
import { NewspaperIcon } from '../ui/icons.tsx';

export interface StoryImageProps {
  /** An http(s) URL; the caller checks it. */
  src: string;
  /**
   * The first screen's largest image (its likely LCP): fetched at once and first, not when layout
   * finds it near the screen, and before the page's later part (src/app/later.ts waits for the
   * image fetched at high priority).
   */
  isLead?: boolean;
}

/** A fixed 16:9 box, so the card never shifts while the image loads or after it fails. */
const Frame = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  background: ${theme.color.surfaceMuted};
  color: ${theme.color.borderStrong};
`;

const Img = styled.img`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

/**
 * Decorative story image (the title is the card's heading). A failed image is removed and
 * the frame keeps a neutral placeholder, so grids stay aligned and no broken-image icon shows.
 * Give it `key={src}` so a new URL gets a fresh attempt.
 */
export function StoryImage({ src, isLead = false }: StoryImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <Frame>
      {failed ? (
        <NewspaperIcon size={32} />
      ) : (
        // No Referer: the publisher's image host learns nothing about who reads what here.
        <Img src={src} alt="" loading={isLead ? 'eager' : 'lazy'} fetchPriority={isLead ? 'high' : 'auto'} decoding="async" referrerPolicy="no-referrer" onError={() => setFailed(true)} />
      )}
    </Frame>
  );
}
