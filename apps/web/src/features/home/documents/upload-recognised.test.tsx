import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatSwissFrancs } from '../../../lib/swiss-francs';
import { clearToasts, json, renderRoutes, setLanguage, signedInCheck, stubServer, stubUploads, toastRegion, type Route } from '../../../test/harness';
import { useUploads } from './use-uploads';
import { salaryRead } from '../../../test/reads';

const salary = salaryRead;

describe('the upload toast once the read is done', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  function Uploader() {
    const uploads = useUploads(2025);
    return (
      <button type="button" onClick={() => uploads.start([new File(['%PDF'], 'lohn.pdf')], 1)}>
        pick
      </button>
    );
  }

  const uploaded = () => ({
    status: 200,
    body: { files: [{ status: 'fulfilled', value: { originalFileName: 'lohn.pdf', hash: 'h', blobUrl: '/b', fileId: 31, version: 1, isNewVersion: false, ahvNumberMasked: false } }], failedCount: 0 },
  });

  it('asks for the read until it is done, then says what was recognised in a second toast', async () => {
    stubUploads(uploaded);
    let asked = 0;
    const extraction: Route = () => json(200, ++asked < 2 ? { ...salary, status: 'pending', kind: null, source: null, confidence: null, suggestedCategoryId: null, fields: null } : salary);
    const server = stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()), 'GET /api/files/31/extraction': extraction });
    renderRoutes([{ path: '/', Component: Uploader }]);
    await userEvent.click(screen.getByRole('button', { name: 'pick' }));
    expect(await within(toastRegion()).findByText('1 file uploaded successfully')).toBeInTheDocument();
    const said = `Salary certificate, COMPLEX Elektronik AG, gross ${formatSwissFrancs('68000.00', 'en')}`;
    // As written, non-breaking spaces included (the default normalizer would make them plain spaces).
    const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await within(toastRegion()).findByText(said, asWritten, { timeout: 5000 })).toBeInTheDocument();
    // Settled: not asked again.
    expect(server.calls('GET', '/api/files/31/extraction')).toHaveLength(2);
  }, 10_000);

  it('a read that failed raises no second toast (the inbox tells why)', async () => {
    stubUploads(uploaded);
    const server = stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/files/31/extraction': json(200, { ...salary, status: 'failed', fields: null, failureCode: 'DAMAGED_FILE' }),
    });
    renderRoutes([{ path: '/', Component: Uploader }]);
    await userEvent.click(screen.getByRole('button', { name: 'pick' }));
    expect(await within(toastRegion()).findByText('1 file uploaded successfully')).toBeInTheDocument();
    await vi.waitFor(() => expect(server.calls('GET', '/api/files/31/extraction')).toHaveLength(1), { timeout: 3000 });
    // The answer has been handled once the request is in; the success toast is still the one shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(toastRegion()).getByText('1 file uploaded successfully')).toBeInTheDocument();
  });
});
