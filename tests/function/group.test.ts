/**
 * Several sources, one story: the grouping of reports of one event (docs/product.md#several-sources-one-story,
 * docs/grouping.md). The normalisation of a title, the rule at its edges, and properties over generated reports:
 * the input order never matters, every id is in exactly one group, a later step never splits a group, and a
 * group's lead is its earliest report.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  frequenciesOf,
  type GroupReport,
  groupReportOf,
  groupReports,
  type PlacedReport,
  placeReports,
  relatedOf,
  titleTerms,
} from '../../supabase/functions/_shared/stories/group.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;

/** A report; each has an outlet of its own unless one is named. */
function report(id: string, title: string, hours = 0, source: string = `Outlet ${id}`): GroupReport {
  return groupReportOf({ id, title, published_at: new Date(T0 + hours * HOUR).toISOString(), source });
}

/** Background reports on other subjects, so that the window's word counts look like a day's news. */
const BACKGROUND = [
  'Council approves budget for new school buildings',
  'Striker signs three year contract with champions',
  'Film festival opens with documentary on deep sea life',
  'Heatwave warning issued for southern counties',
  'Central bank leaves interest rates unchanged',
  'Museum returns stolen paintings to family',
  'Airline cancels flights as pilots strike',
  'New smartphone goes on sale next week',
].map((title, i) => report(`bg${i}`, title, i));

function groupsOf(reports: readonly GroupReport[]): string[][] {
  return groupReports([...BACKGROUND, ...reports]).filter((group) => !group.some((id) => id.startsWith('bg')));
}

describe('a title’s terms', () => {
  it('strips accents and lowercases', () => {
    expect(titleTerms('Café RÉSUMÉ Zürich')).toEqual(expect.arrayContaining(['cafe', 'resum', 'zurich']));
    expect(titleTerms('Pokémon')).toEqual(titleTerms('POKEMON'.toLowerCase()));
  });

  it('drops the possessive and joins words across other apostrophes, whichever apostrophe is typed', () => {
    expect(titleTerms("Fed's Plosser")).toContain('fed');
    expect(titleTerms('Fed’s Plosser')).toEqual(titleTerms("Fed's Plosser"));
    expect(titleTerms('Fed’s Plosser')).not.toContain('fed’');
    expect(titleTerms('won’t budge')).toContain('wont');
  });

  it('stems words (Porter), so that a word’s forms are one term', () => {
    expect(titleTerms('stocks fall').slice(0, 2)).toEqual(['stock', 'fall']);
    expect(titleTerms('stock falling').slice(0, 2)).toEqual(['stock', 'fall']);
    expect(titleTerms('Investigators searching')).toEqual(['investig', 'search', 'investigatorssearch']);
  });

  it('joins each two neighbouring words into one more term, so that a compound written apart matches it written as one', () => {
    const apart = titleTerms('Chip makers rally');
    const joined = titleTerms('Chipmakers rally');
    expect(apart).toEqual(['chip', 'maker', 'ralli', 'chipmak', 'makersr']);
    expect(joined.filter((term) => apart.includes(term))).toEqual(['chipmak', 'ralli']);
  });

  it('drops stop words, and joins only words that were neighbours', () => {
    expect(titleTerms('The rise of the machines')).toEqual(['rise', 'machin']);
  });

  it('keeps numbers and words with digits', () => {
    expect(titleTerms('Flight MH370 vanished with 239 aboard')).toEqual(['flight', 'mh370', 'vanish', '239', 'aboard', 'flightmh370', 'mh370vanish', '239aboard']);
  });

  it('keeps an acronym that spells a stop word, unless the whole title is in capitals', () => {
    expect(titleTerms('US stocks')).toContain('us');
    expect(titleTerms('U.S. stocks')).toEqual(titleTerms('US stocks'));
    expect(titleTerms('IT spending')).toEqual(['it', 'spend', 'itspend']);
    expect(titleTerms('Is it spending')).toEqual(['spend']);
    expect(titleTerms('IS IT SPENDING')).toEqual(['spend']);
  });

  it('counts each term once and makes no empty term of punctuation or spaces', () => {
    expect(titleTerms(' “Rover, rover!” — rovers… ')).toEqual(['rover', 'roverrov']);
    expect(titleTerms('')).toEqual([]);
  });
});

describe('the rule', () => {
  it('groups two outlets’ reports of one event under the earliest, and keeps an unrelated story apart', () => {
    const groups = groupsOf([
      report('late', 'Storm repairs finish early as harbour bridge reopens to traffic', 6),
      report('other', 'Marathon record falls in cold rain this weekend', 1),
      report('early', 'Harbour bridge reopens after storm repairs finish early', 0),
    ]);
    expect(groups).toEqual([['early', 'late'], ['other']]);
  });

  it('groups the reports that share enough of their rarer words, told in different words', () => {
    const groups = groupsOf([
      report('a', 'Mt. Gox files for bankruptcy in US', 0),
      report('b', 'Bitcoin exchange Mt Gox seeks US bankruptcy protection', 2),
      report('c', 'Mt Gox bankruptcy: exchange files in Texas court', 5),
    ]);
    expect(groups).toEqual([['a', 'b', 'c']]);
  });

  it('needs two shared terms: one rare word in common is not enough', () => {
    expect(groupsOf([report('a', 'Volcano erupts'), report('b', 'Volcano tours')])).toEqual([['a'], ['b']]);
    expect(groupsOf([report('a', 'Volcano erupts'), report('b', 'Volcano erupts again')])).toEqual([['a', 'b']]);
  });

  it('compares reports at most 48 hours apart', () => {
    const title = 'Harbour bridge reopens after storm repairs';
    expect(groupsOf([report('a', title, 0), report('b', title, 48)])).toEqual([['a', 'b']]);
    expect(groupsOf([report('a', title, 0), report('b', title, 48.001)])).toEqual([['a'], ['b']]);
  });

  it('lets one outlet’s second report of an event share its group once another outlet’s report makes the case', () => {
    const title = 'Harbour bridge reopens after storm repairs';
    expect(groupsOf([report('a', title, 0, 'Gazette'), report('b', title, 1, 'Courier'), report('c', `${title} finish`, 2, 'Gazette')])).toEqual([['a', 'b', 'c']]);
  });

  it('never makes a group of one outlet’s reports alone: its recurring titles are not one event', () => {
    expect(groupsOf([report('a', 'Gardening column: pruning roses, part one', 0, 'Horn'), report('b', 'Gardening column: pruning roses, part two', 24, 'Horn')])).toEqual([['a'], ['b']]);
  });

  it('counts a report with no outlet named as no other report’s outlet', () => {
    const title = 'Harbour bridge reopens after storm repairs';
    const unnamed = (id: string, hours: number) => groupReportOf({ id, title, published_at: new Date(T0 + hours * HOUR).toISOString() });
    expect(groupsOf([unnamed('a', 0), unnamed('b', 1)])).toEqual([['a', 'b']]);
  });

  it('joins a report to the group whose reports as a whole are nearest, not to the first report only', () => {
    const groups = groupsOf([
      report('a', 'Harbour bridge reopens after storm', 0),
      report('b', 'Harbour bridge reopens, traffic returns to the coast road', 1),
      // Shares "traffic", "coast" and "road" with b only, and "harbour bridge" with both.
      report('c', 'Coast road traffic back as harbour bridge reopens', 2),
    ]);
    expect(groups).toEqual([['a', 'b', 'c']]);
  });
});

describe('placing a step’s new reports', () => {
  const title = 'Harbour bridge reopens after storm repairs';
  const placedLead: PlacedReport = { ...report('lead', title, 0), lead: 'lead' };

  it('joins a new report to a placed group and leaves the placed reports where they were', () => {
    const fresh = [report('new', 'Storm repairs done: harbour bridge reopens', 3)];
    const placed = [placedLead, ...BACKGROUND.map((r) => ({ ...r, lead: r.id }))];
    expect(placeReports(placed, fresh, frequenciesOf([...placed, ...fresh]))).toEqual({ reports: [{ ...fresh[0], lead: 'lead' }], newLeads: new Map() });
  });

  it('makes a new report earlier than the lead of the group it joins (listed late by its feed) the group’s lead', () => {
    const fresh = [report('earlier', title, -1)];
    const member: PlacedReport = { ...report('member', 'Storm repairs done: harbour bridge reopens', 2), lead: 'lead' };
    const placed = [placedLead, member, ...BACKGROUND.map((r) => ({ ...r, lead: r.id }))];
    expect(placeReports(placed, fresh, frequenciesOf([...placed, ...fresh]))).toEqual({ reports: [{ ...fresh[0], lead: 'earlier' }], newLeads: new Map([['lead', 'earlier']]) });
  });

  it('places new reports earliest first, ties by id, whatever order they come in', () => {
    const fresh = [report('z', title, 2), report('y', title, 2), report('x', title, 1)];
    const placed = BACKGROUND.map((r) => ({ ...r, lead: r.id }));
    const frequencies = frequenciesOf([...placed, ...fresh]);
    expect(placeReports(placed, fresh, frequencies).reports.map(({ id, lead }) => [id, lead])).toEqual([
      ['x', 'x'],
      ['y', 'x'],
      ['z', 'x'],
    ]);
  });
});

describe('what a group’s lead shows', () => {
  const lead = { source: 'Gazette', url: 'https://gazette.example/1' };
  it(`lists other outlets’ reports, earliest first, one per outlet, none with the lead’s url, at most 10`, () => {
    const members = [
      { source: 'Gazette', url: 'https://gazette.example/2' },
      { source: 'Courier', url: 'https://courier.example/1' },
      { source: 'Courier', url: 'https://courier.example/2' },
      { source: 'Wire', url: 'https://gazette.example/1' },
      ...Array.from({ length: 12 }, (_, i) => ({ source: `Outlet ${i}`, url: `https://outlet${i}.example/` })),
    ];
    expect(relatedOf(lead, members)).toEqual([
      { source: 'Courier', url: 'https://courier.example/1' },
      ...Array.from({ length: 9 }, (_, i) => ({ source: `Outlet ${i}`, url: `https://outlet${i}.example/` })),
    ]);
    expect(relatedOf(lead, [])).toEqual([]);
  });
});

// Properties: titles drawn from a small vocabulary so that many reports group, times over four days.
const VOCABULARY = ['storm', 'bridge', 'harbour', 'reopens', 'repairs', 'finish', 'early', 'traffic', 'city', 'council', 'vote', 'budget'];
const generatedReports = fc
  .array(
    fc.record({
      words: fc.uniqueArray(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 6 }),
      hours: fc.integer({ min: 0, max: 96 }),
      outlet: fc.integer({ min: 0, max: 3 }),
    }),
    { maxLength: 30 },
  )
  .map((items) => items.map((item, index) => report(`r${index}`, item.words.join(' '), item.hours, `Outlet ${item.outlet}`)));

describe('grouping properties', () => {
  it('gives the same groups for the same reports in any order', () => {
    fc.assert(
      fc.property(
        generatedReports.chain((reports) => fc.tuple(fc.constant(reports), fc.shuffledSubarray(reports, { minLength: reports.length }))),
        ([reports, shuffled]) => {
          expect(groupReports(shuffled)).toEqual(groupReports(reports));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('puts every id in exactly one group, the lead (its earliest report) first', () => {
    fc.assert(
      fc.property(generatedReports, (reports) => {
        const groups = groupReports(reports);
        expect(groups.flat().sort()).toEqual(reports.map((r) => r.id).sort());
        const time = new Map(reports.map((r) => [r.id, r.time]));
        for (const group of groups) {
          const times = group.map((id) => time.get(id)!);
          expect(times).toEqual([...times].sort((a, b) => a - b));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never splits a group when a later step places more reports: each earlier group is inside one group after it', () => {
    fc.assert(
      fc.property(generatedReports, generatedReports, (first, later) => {
        const renamed = later.map((r) => ({ ...r, id: `n${r.id}` }));
        const placed = placeReports([], first, frequenciesOf(first)).reports;
        const step = placeReports(placed, renamed, frequenciesOf([...placed, ...renamed]));
        // A placed report's group is the one its lead had, led now by an earlier report if one came.
        const leadOf = new Map([...placed.map((r) => [r.id, step.newLeads.get(r.lead) ?? r.lead] as const), ...step.reports.map((r) => [r.id, r.lead] as const)]);
        for (const group of groupReports(first)) expect(new Set(group.map((id) => leadOf.get(id))).size).toBe(1);
        // A group that changed lead took a new report as its lead.
        for (const [, lead] of step.newLeads) expect(renamed.some((r) => r.id === lead)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('leads each group, after any step, by its earliest report', () => {
    fc.assert(
      fc.property(generatedReports, generatedReports, (first, later) => {
        const renamed = later.map((r) => ({ ...r, id: `n${r.id}` }));
        const placed = placeReports([], first, frequenciesOf(first)).reports;
        const step = placeReports(placed, renamed, frequenciesOf([...placed, ...renamed]));
        const all = [...placed.map((r) => ({ ...r, lead: step.newLeads.get(r.lead) ?? r.lead })), ...step.reports];
        const byId = new Map(all.map((r) => [r.id, r]));
        for (const r of all) {
          const lead = byId.get(r.lead)!;
          expect(lead.lead).toBe(lead.id);
          expect(lead.time < r.time || (lead.time === r.time && lead.id <= r.id)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
