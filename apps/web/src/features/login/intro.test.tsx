import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, setLanguage } from '../../test/harness';
import { FakeAudio, renderLoginPage, stubAudio, stubLoginServer } from './test-utils';

const INTRO_SOUND = '/api/audio/intro.wav';

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Lets the promise chain of a play() attempt run without moving the clock. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

/** The intro's logo: drawn inline inside the button that plays the sound (it is the button's picture). */
function logo() {
  return screen.queryByRole('button', { name: 'Play intro sound' })?.querySelector('svg') ?? null;
}

beforeEach(async () => {
  await setLanguage('en');
  vi.useFakeTimers();
  stubLoginServer();
  stubAudio();
  clearToasts();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('intro on this device (D16)', () => {
  it('plays on the first visit only: after it ends, a reload or a logout shows the sign-in form at once', () => {
    const first = renderLoginPage();
    advance(6000);
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    first.unmount();

    renderLoginPage();
    expect(screen.queryByRole('button', { name: 'Skip intro' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });

  it('plays again when the person asks for it with the logo', () => {
    const first = renderLoginPage();
    fireEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    first.unmount();
    renderLoginPage();
    fireEvent.click(screen.getByRole('button', { name: 'Play the intro again' }));
    expect(screen.getByRole('button', { name: 'Skip intro' })).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    advance(6000);
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });

  it('does not play for someone who asked the system for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderLoginPage();
    expect(screen.queryByRole('button', { name: 'Skip intro' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });
});

describe('intro', () => {
  it('shows the text, then the large logo at 2 s, the settled logo at 4 s and the sign-in form at 6 s', () => {
    renderLoginPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Taxli' })).toBeInTheDocument();
    expect(screen.getByText('Smart tax savings')).toBeInTheDocument();
    expect(logo()).not.toBeInTheDocument();

    advance(1999);
    expect(logo()).not.toBeInTheDocument();
    advance(1);
    expect(logo()).toHaveClass('size-32');
    expect(screen.getByRole('button', { name: 'Play intro sound' })).toBeInTheDocument();

    advance(2000);
    expect(logo()).toHaveClass('size-20');
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();

    advance(2000);
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip intro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play intro sound' })).not.toBeInTheDocument();
  });

  it('can be skipped at once with the Skip intro button, and with Escape', () => {
    const first = renderLoginPage();
    fireEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    first.unmount();

    window.localStorage.clear(); // a device that has not seen it yet
    renderLoginPage();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });

  it('plays the intro sound at volume 0.7 when the logo appears', async () => {
    renderLoginPage();
    expect(FakeAudio.withSrc(INTRO_SOUND)).toHaveLength(0);
    advance(2000);
    await settle();
    const [audio] = FakeAudio.withSrc(INTRO_SOUND);
    expect(audio?.volume).toBe(0.7);
    expect(audio?.plays).toEqual([{ muted: false }]);
  });

  it('plays the sound on a click on the intro and on Enter on the logo', async () => {
    FakeAudio.next = (audio) => {
      audio.ended = true; // a short sound: over by the next press
      return Promise.resolve();
    };
    renderLoginPage();
    fireEvent.click(screen.getByRole('heading', { name: 'Taxli' }));
    await settle();
    expect(FakeAudio.withSrc(INTRO_SOUND)[0]?.plays).toHaveLength(1);

    advance(2000);
    await settle();
    const audio = FakeAudio.withSrc(INTRO_SOUND)[0]!;
    const before = audio.plays.length;
    // user-event waits on real timers; the remaining intro timers simply stay frozen.
    vi.useRealTimers();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Play intro sound' }).focus();
    await user.keyboard('{Enter}');
    expect(audio.plays.length).toBe(before + 1);
    await user.keyboard(' ');
    expect(audio.plays.length).toBe(before + 2);
  });

  it('tries the sound on the first press anywhere, but not when the press is on Skip intro', async () => {
    renderLoginPage();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Skip intro' }));
    await settle();
    expect(FakeAudio.withSrc(INTRO_SOUND)).toHaveLength(0);

    fireEvent.pointerDown(document.body);
    await settle();
    expect(FakeAudio.withSrc(INTRO_SOUND)[0]?.plays).toHaveLength(1);
  });

  it('retries a refused sound muted, then after 300 ms, then marks it blocked and pulses the logo', async () => {
    FakeAudio.next = () => Promise.reject(new DOMException('play() failed', 'NotAllowedError'));
    renderLoginPage();
    advance(2000);
    await settle();
    const audio = FakeAudio.withSrc(INTRO_SOUND)[0]!;
    expect(audio.plays).toEqual([{ muted: false }, { muted: true }]);
    expect(logo()).not.toHaveClass('animate-pulse');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(audio.plays).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(audio.plays).toHaveLength(3);
    expect(logo()).toHaveClass('animate-pulse');
    // Only logged, never shown.
    expect(console.warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not block the sound when the muted retry works', async () => {
    let tries = 0;
    FakeAudio.next = () => (++tries === 1 ? Promise.reject(new Error('refused')) : Promise.resolve());
    renderLoginPage();
    advance(2000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(FakeAudio.withSrc(INTRO_SOUND)[0]?.plays).toEqual([{ muted: false }, { muted: true }]);
    expect(logo()).not.toHaveClass('animate-pulse');
  });

  it('holds no image in the intro, so the logo that comes 2 s in is never the page’s largest paint (issue 31)', () => {
    renderLoginPage();
    for (const at of [0, 2000, 2000]) {
      advance(at);
      // The browser counts images (and text blocks) as largest-paint candidates; inline drawings are
      // none. (The backdrop's picture is a low-entropy background, which browsers leave out.)
      const content = screen.getByRole('heading', { level: 1 }).parentElement!;
      expect(content.querySelectorAll('img, image, video')).toHaveLength(0);
    }
    expect(logo()).toBeInTheDocument();
  });

  it('shows a crossed-eye icon when the sign-in form’s logo image cannot load; the intro draws its logo itself', () => {
    renderLoginPage();
    advance(2000);
    // The intro's logo is drawn inline (no image to fail, and never the page's largest paint).
    expect(logo()).toBeInTheDocument();
    expect(screen.queryByAltText('Taxli')).not.toBeInTheDocument();
    advance(4000);
    fireEvent.error(screen.getByAltText('Taxli'));
    expect(screen.queryByAltText('Taxli')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Taxli' }).tagName.toLowerCase()).toBe('svg');
  });

  it('flashes the logo in, unless the visitor prefers reduced motion (the timing stays)', () => {
    const animate = vi.fn(() => ({ cancel: () => {} }));
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true });
    try {
      const first = renderLoginPage();
      advance(2000);
      expect(animate).toHaveBeenCalled();
      first.unmount();

      animate.mockClear();
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      // Reduced motion: no intro by itself; asked for with the logo, it plays without the flash.
      renderLoginPage();
      fireEvent.click(screen.getByRole('button', { name: 'Play the intro again' }));
      advance(2000);
      expect(logo()).toBeInTheDocument();
      expect(animate).not.toHaveBeenCalled();
      advance(4000);
      expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    } finally {
      delete (HTMLElement.prototype as { animate?: unknown }).animate;
    }
  });
});
