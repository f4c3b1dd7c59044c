/**
 * A link within the site, through TanStack Router: a plain click navigates without a reload; a
 * middle click, Ctrl+click or "open in new tab" goes to the address, as any link does.
 */
import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import styled from 'styled-components';
import { buttonBase, buttonVariants } from './button-styles.ts';

export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site (`/story/…`). */
  href: string;
}

const plainClick = (event: MouseEvent<HTMLAnchorElement>) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/**
 * A link to a path of the site that holds no subscription to the router's location, unlike its
 * Link (which works out its address again at every change of the URL): every card has one.
 */
export function RouteLink({ href, onClick, ...props }: RouteLinkProps) {
  // Outside a router (a component drawn alone), the browser follows the link.
  const router = useRouter({ warn: false });
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!router || !plainClick(event)) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
      {...props}
    />
  );
}

/** A link within the site styled as the primary button ("Return to Home"). */
export const RouteButtonLink = styled(RouteLink)`
  ${buttonBase}
  ${buttonVariants.primary}
  text-decoration: none;
`;
