import type { FiguresResponse } from '@taxli/domain';
import type { AuditLog } from '../../lib/audit.repository.js';
import { toCsv } from '../../lib/csv.js';
import type { ExtractionService } from '../extraction/extraction.service.js';
import { figuresCsvRows } from './figures-csv.js';
import type { Actor } from './client-file.service.js';
import type { ReturnLookup } from './return-in-queue.js';

export interface DocumentFiguresDeps {
  returnStatus: ReturnLookup;
  extraction: Pick<ExtractionService, 'figuresOfYear'>;
  audit: AuditLog;
}

/** The client file's "Figures from documents" (issue 29 item 7): read like the client file, audited. */
export function createDocumentFiguresService({ returnStatus, extraction, audit }: DocumentFiguresDeps) {
  async function figures(actor: Actor, userId: number, taxYear: number, format: 'json' | 'csv'): Promise<FiguresResponse> {
    await returnStatus(userId, taxYear);
    const read = await extraction.figuresOfYear(userId, taxYear);
    await audit.record({ action: 'expert.read_figures', outcome: 'success', actorUserId: actor.userId, subjectUserId: userId, details: { taxYear, format } });
    return read;
  }

  return {
    get: (actor: Actor, userId: number, taxYear: number) => figures(actor, userId, taxYear, 'json'),
    async csv(actor: Actor, userId: number, taxYear: number): Promise<string> {
      const { header, rows } = figuresCsvRows(await figures(actor, userId, taxYear, 'csv'));
      return toCsv(header, rows);
    },
  };
}

export type DocumentFiguresService = ReturnType<typeof createDocumentFiguresService>;
