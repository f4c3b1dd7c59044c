import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { coverageCountText, firstReportedText, relatedBeyondReports } from '../domain/coverage-text.ts';
import { formatStoryDate, isoDateTime } from '../domain/format.ts';
import type { Report, StoryCoverage } from '../domain/story.ts';
import { isHttpUrl } from '../domain/url.ts';
import { ExternalLink } from '../stories/ExternalLink.tsx';
import { cardTextFont, headlineFont, smallPrintFont } from '../stories/storyFonts.ts';
import { plainList } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';

export interface StoryPageViewProps {
  coverage: StoryCoverage;
  /** The page's own actions: the card's toggles and "Copy link to this page". */
  actions: ReactNode;
  /** What stands above the reports: the offline notice, when the coverage is what the browser kept. */
  notice?: ReactNode;
}

const Article = styled.article`
  display: grid;
  gap: ${theme.space(4)};
  max-width: 760px;
  padding-block: ${theme.space(6)} ${theme.space(16)};
`;

const Title = styled.h1`
  color: ${theme.color.text};
  font-family: ${theme.font.heading};
  font-size: clamp(1.6rem, 4vw + 0.6rem, 2.4rem);
  line-height: ${theme.font.lineHeight.tight};
  overflow-wrap: anywhere;
  text-wrap: balance;
`;

const Facts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(1)} ${theme.space(4)};
  color: ${theme.color.textMuted};
  ${cardTextFont('regular')}
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(2)};
`;

const ReportsHeading = styled.h2`
  margin-top: ${theme.space(4)};
  color: ${theme.color.text};
  ${headlineFont('lg')}
`;

const Reports = styled.ol`
  ${plainList}
  display: grid;
  gap: ${theme.space(3)};
`;

const Item = styled.li`
  display: grid;
  gap: ${theme.space(1)};
  padding: ${theme.space(4)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  color: ${theme.color.textMuted};
  ${smallPrintFont('regular')}
`;

const Outlet = styled.span`
  color: ${theme.color.text};
  ${smallPrintFont('bold')}
  text-transform: uppercase;
  letter-spacing: 0.02em;
`;

const Summary = styled.p`
  color: ${theme.color.textMuted};
  ${cardTextFont('regular')}
  overflow-wrap: anywhere;
`;

function ReportItem({ report }: { report: Report }) {
  const label = formatStoryDate(report.published_at);
  const dateTime = isoDateTime(report.published_at);
  return (
    <Item>
      <Meta>
        <Outlet dir="auto">{report.source}</Outlet>
        {label !== null && dateTime !== null && <time dateTime={dateTime}>{label}</time>}
      </Meta>
      {isHttpUrl(report.url) ? (
        <ExternalLink href={report.url} dir="auto">
          {report.title}
        </ExternalLink>
      ) : (
        <span dir="auto">{report.title}</span>
      )}
      {report.summary !== '' && <Summary dir="auto">{report.summary}</Summary>}
    </Item>
  );
}

/**
 * A story's full coverage (docs/product.md#a-page-for-each-story): the leading story's title as
 * the page's heading, "{N} reports from {M} outlets", "First reported by {outlet}", the page's
 * actions, and every report, earliest first, each a link to its article in a new tab. From what
 * the browser kept (offline), the other outlets it names follow, as links to their reports.
 */
export function StoryPageView({ coverage, actions, notice }: StoryPageViewProps) {
  const reportsId = useId();
  const others = relatedBeyondReports(coverage);
  return (
    <Article aria-labelledby={`${reportsId}-title`}>
      <Title id={`${reportsId}-title`} dir="auto">
        {coverage.story.title}
      </Title>
      <Facts>
        <span>{coverageCountText(coverage)}</span>
        <span dir="auto">{firstReportedText(coverage)}</span>
      </Facts>
      <Actions>{actions}</Actions>
      {notice}
      <ReportsHeading id={reportsId}>Reports</ReportsHeading>
      <Reports aria-labelledby={reportsId}>
        {coverage.reports.map((report) => (
          <ReportItem key={report.id} report={report} />
        ))}
        {others.map((link) => (
          <Item key={link.url}>
            <Meta>
              <Outlet dir="auto">{link.source}</Outlet>
            </Meta>
            <ExternalLink href={link.url} dir="auto">
              {`${link.source}'s report`}
            </ExternalLink>
          </Item>
        ))}
      </Reports>
    </Article>
  );
}
