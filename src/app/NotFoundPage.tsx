import { createLink, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { Link as RACLink, type LinkProps } from 'react-aria-components';
import { focusRing } from '../theme/mixins.ts';

const StyledLink = styled(RACLink)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(5)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.onAccent};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-decoration: none;
  cursor: pointer;

  &[data-hovered] {
    background: ${({ theme }) => theme.color.accentHover};
  }

  &[data-focus-visible] {
    ${focusRing}
  }
`;

function ButtonLink(props: LinkProps) {
  return <StyledLink {...props} />;
}

/** A React Aria link that navigates through TanStack Router, styled as a button ("Return to Home"). */
export const RouterButtonLink = createLink(ButtonLink);

const Page = styled.main`
  display: grid;
  place-content: center;
  gap: ${({ theme }) => theme.space(4)};
  min-height: 70vh;
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;

  h1 {
    font-family: ${({ theme }) => theme.font.heading};
    font-size: clamp(4rem, 12vw, 7rem);
    line-height: 1;
    color: ${({ theme }) => theme.color.accent};
  }

  p {
    font-size: ${({ theme }) => theme.font.size.xl};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export function NotFoundPage() {
  // The path only while it is the one not found: leaving for "/" must not log "/" as a 404.
  const missingPath = useRouterState({
    // No route below the root matches an unknown path. The resolved location is the one the
    // matches belong to (during a navigation, `location` already names the next page).
    select: (state) =>
      state.resolvedLocation && state.matches.every((match) => match.routeId === '__root__') ? state.resolvedLocation.pathname : null,
  });

  useEffect(() => {
    if (missingPath !== null) console.error('404 Error: User attempted to access non-existent route:', missingPath);
  }, [missingPath]);

  return (
    <Page>
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <div>
        <RouterButtonLink to="/">Return to Home</RouterButtonLink>
      </div>
    </Page>
  );
}
