import type { ReactNode } from 'react';
import styled from 'styled-components';
import { mediaUp, theme } from '../theme/tokens.ts';
import { NewspaperIcon } from './icons.tsx';
import { Layout } from './Layout.tsx';

export interface PageHeaderProps {
  title: string;
  tagline: string;
  actions: ReactNode;
  /** The site's name is the page's heading, unless the page has its own (a story's title): then a paragraph. */
  titleIs?: 'h1' | 'p';
}

const Header = styled.header`
  border-bottom: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
`;

const Bar = styled(Layout)`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  padding-block: ${theme.space(4)};

  ${mediaUp.md} {
    padding-block: ${theme.space(5)};
  }
`;

const Mark = styled.span`
  display: none;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.accent};
  color: ${theme.color.onAccent};

  ${mediaUp.sm} {
    display: inline-flex;
  }
`;

const Titles = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
`;

const Title = styled.h1`
  color: ${theme.color.text};
  font-family: ${theme.font.heading};
  font-size: ${theme.font.size.xl};
  font-weight: ${theme.font.weight.bold};
  letter-spacing: -0.01em;
  line-height: ${theme.font.lineHeight.tight};

  ${mediaUp.md} {
    font-size: ${theme.font.size.xxl};
  }
`;

const Tagline = styled.p`
  color: ${theme.color.textMuted};
  font-size: ${theme.font.size.sm};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
`;

export function PageHeader({ title, tagline, actions, titleIs = 'h1' }: PageHeaderProps) {
  return (
    <Header>
      <Bar>
        <Mark aria-hidden="true">
          <NewspaperIcon size={24} />
        </Mark>
        <Titles>
          <Title as={titleIs}>{title}</Title>
          <Tagline>{tagline}</Tagline>
        </Titles>
        <Actions>{actions}</Actions>
      </Bar>
    </Header>
  );
}
