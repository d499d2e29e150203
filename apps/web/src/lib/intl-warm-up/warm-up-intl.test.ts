import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './warm-up-intl';

afterEach(() => vi.unstubAllGlobals());

describe('warming up number and date formats', () => {
  it('starts a module worker from its own script', () => {
    const started: { url: string; options?: WorkerOptions }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        onerror: ((event: Event) => void) | null = null;
        constructor(url: URL | string, options?: WorkerOptions) {
          started.push({ url: String(url), options });
        }
      },
    );
    warmUpIntl();
    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/intl-warm-up\.worker\.ts/);
    expect(started[0]!.options).toEqual({ type: 'module' });
  });

  it('keeps a worker that fails to load from reporting an error on the page', () => {
    let worker: { onerror: ((event: Event) => void) | null } | undefined;
    vi.stubGlobal(
      'Worker',
      class {
        onerror: ((event: Event) => void) | null = null;
        constructor() {
          // eslint-disable-next-line @typescript-eslint/no-this-alias -- the test reads the handler the module sets
          worker = this;
        }
      },
    );
    warmUpIntl();
    const failed = new Event('error', { cancelable: true });
    worker!.onerror!(failed);
    expect(failed.defaultPrevented).toBe(true);
  });

  it('changes nothing where a worker cannot start', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('workers are blocked', 'SecurityError');
        }
      },
    );
    expect(warmUpIntl).not.toThrow();
    vi.stubGlobal('Worker', undefined);
    expect(warmUpIntl).not.toThrow();
  });
});
