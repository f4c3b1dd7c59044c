import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { RouteButtonLink } from '../ui/RouteLink.tsx';
import { theme } from '../theme/tokens.ts';

const Page = styled.main`
  display: grid;
  place-content: center;
  gap: ${theme.space(4)};
  min-height: 70vh;
  padding: ${theme.space(6)};
  text-align: center;

  h1 {
    font-family: ${theme.font.heading};
    font-size: clamp(4rem, 12vw, 7rem);
    line-height: 1;
    color: ${theme.color.accent};
  }

  p {
    font-size: ${theme.font.size.xl};
    color: ${theme.color.textMuted};
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
        <RouteButtonLink href="/">Return to Home</RouteButtonLink>
      </div>
    </Page>
  );
}
