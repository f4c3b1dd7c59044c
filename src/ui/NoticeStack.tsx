/**
 * The one place where notices float at the bottom of the viewport (the new version, the followed
 * stories' new reports, ...): stacked, newest on top, none covering another, and nothing on the page
 * moving when one shows. src/app/FloatingNotices.tsx lists them; a notice renders a StackedNotice.
 */
import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { floatingBar, floatingRegion } from '../theme/floating.ts';
import { theme } from '../theme/tokens.ts';

const Stack = styled.div`
  ${floatingRegion}
  bottom: ${theme.space(3)};
  flex-direction: column;
  align-items: center;
  gap: ${theme.space(2)};
`;

// Each notice's live region, always there, empty until it has news: assistive technology announces what appears.
const Region = styled.div`
  display: flex;
  justify-content: center;
  max-width: 100%;

  &:empty {
    display: none;
  }
`;

const Bar = styled.div`
  ${floatingBar}
`;

/** How many notices have shown so far: the next one goes above them. */
const Arrivals = createContext<{ count: number } | null>(null);

export function NoticeStack({ children }: { children: ReactNode }) {
  const [arrivals] = useState(() => ({ count: 0 }));
  return (
    <Arrivals.Provider value={arrivals}>
      <Stack data-notice-stack="">{children}</Stack>
    </Arrivals.Provider>
  );
}

/** One notice of the stack: its text and its action, shown while `shown`, above every notice shown before it. */
export function StackedNotice({ shown, children }: { shown: boolean; children: ReactNode }) {
  const arrivals = useContext(Arrivals);
  if (!arrivals) throw new Error('A floating notice is drawn outside the NoticeStack (src/app/FloatingNotices.tsx)');
  const [order, setOrder] = useState(0);
  useLayoutEffect(() => {
    // The stack is a column: a lower order is higher up.
    if (shown) setOrder(-++arrivals.count);
  }, [shown, arrivals]);
  return (
    <Region role="status" style={order === 0 ? undefined : { order }}>
      {shown && <Bar>{children}</Bar>}
    </Region>
  );
}
