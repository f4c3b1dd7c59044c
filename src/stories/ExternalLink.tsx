import type { AnchorHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';
import { cardTextFont } from './storyFonts.ts';
import { ExternalLinkIcon } from '../ui/icons.tsx';

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel' | 'children'> {
  /** An http(s) URL; the caller checks it. */
  href: string;
  children: ReactNode;
}

/** The card's links: "Read more", "Full coverage". */
export const cardLink = css`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1.5)};
  min-height: 40px;
  color: ${theme.color.accent};
  ${cardTextFont('bold')}
  text-decoration: none;
  border-radius: ${theme.radius.sm};
  cursor: pointer;

  &:hover {
    color: ${theme.color.accentHover};
    text-decoration: underline;
    text-underline-offset: 3px;
  }

  &:focus-visible {
    ${focusRing}
  }
`;

// A plain link: it is only followed, and the browser does that best.
const StyledLink = styled.a`
  ${cardLink}
`;

/** Opens in a new tab without giving the target page a handle on this one. */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  return (
    <StyledLink {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalLinkIcon size={14} />
    </StyledLink>
  );
}
