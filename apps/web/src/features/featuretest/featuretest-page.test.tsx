import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, setLanguage } from '../../test/harness';
import { FeaturetestPage } from './featuretest-page';

const CLAIMS = [
  'AI-powered tax form identification',
  'Encrypted document storage',
  'Multilingual support with fair and transparent pricing',
  'Compliant with Swiss data-protection law',
  'Mobile-friendly access',
  'Intelligent file organisation',
  '15% more tax refunds from AI analysis plus expert experience',
];

describe('/featuretest', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('shows the seven marketing claims (part 1 §1) in four layouts', async () => {
    renderRoutes([{ path: '/featuretest', Component: FeaturetestPage }], { path: '/featuretest' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Feature list layouts' })).toBeInTheDocument();
    const layouts = ['Grid', 'List', 'Cards with icons', 'Compact'];
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(layouts);
    for (const layout of layouts) {
      const section = screen.getByRole('region', { name: layout });
      expect(within(section).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CLAIMS);
    }
  });

  it('speaks the interface language', async () => {
    await setLanguage('it');
    renderRoutes([{ path: '/featuretest', Component: FeaturetestPage }], { path: '/featuretest' });
    const cards = await screen.findByRole('region', { name: 'Schede con icone' });
    expect(within(cards).getAllByRole('listitem')[1]).toHaveTextContent('Archiviazione cifrata dei documenti');
  });
});
