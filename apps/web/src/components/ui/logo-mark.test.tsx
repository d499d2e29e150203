import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LogoMark } from './logo-mark';

const PUBLIC_LOGO = readFileSync(join(import.meta.dirname, '../../../public/logo.svg'), 'utf8');

/** Each shape of a drawing as its tag and drawing attributes, gradients' own ids left out. */
function shapes(svg: Element): string[] {
  return [...svg.querySelectorAll('path, rect, stop')].map((shape) =>
    [shape.tagName, ...[...shape.attributes].filter((a) => a.name !== 'fill' || !a.value.startsWith('url(')).map((a) => `${a.name}=${a.value}`).sort()].join(' '),
  );
}

describe('LogoMark', () => {
  it('draws exactly what public/logo.svg draws', () => {
    const { container } = render(<LogoMark />);
    const drawn = container.querySelector('svg')!;
    const file = new DOMParser().parseFromString(PUBLIC_LOGO, 'image/svg+xml').documentElement;
    expect(shapes(drawn)).toEqual(shapes(file));
    expect(shapes(drawn)).toHaveLength(9);
  });

  it('fills the shield with its own gradient, and hides itself from assistive technology', () => {
    const { container } = render(<><LogoMark /><LogoMark /></>);
    const [first, second] = [...container.querySelectorAll('svg')];
    const fillOf = (svg: Element) => svg.querySelector('path')!.getAttribute('fill');
    expect(fillOf(first!)).toBe(`url(#${first!.querySelector('linearGradient')!.id})`);
    expect(fillOf(first!)).not.toBe(fillOf(second!));
    expect(first).toHaveAttribute('aria-hidden', 'true');
  });
});
