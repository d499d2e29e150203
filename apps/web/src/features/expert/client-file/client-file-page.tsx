import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ClientFileResponse } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatSwissMoment } from '../../../lib/swiss-locale';
import { useClientFile } from '../api/get-client-file';
import { useTakeReturn, type ReturnRef } from '../api/take-return';
import { ExpertAccessDenied, ExpertOnly, isForbidden } from '../expert-only';
import { assigneeLabel, fullName, statusLabel } from '../return-labels';
import { AdvancedInfoSection } from './advanced-info-section';
import { DocumentsSection } from './documents-section';
import { FiguresSection } from './figures-section';
import { MessagesSection } from './messages-section';
import { Outcome, type OutcomeState } from '../outcome';
import { Facts } from './parts';
import { PreparedReturnSection } from './prepared-return-section';
import { ProfileSection } from './profile-section';
import { RequestsSection } from './requests-section';
import { StatusSection } from './status-section';
import { TaxProfileSection } from './tax-profile-section';

/** The parts of the file, in the page's order, for its list of contents. */
const CONTENTS = ['profile', 'tax-profile', 'advanced', 'documents', 'figures', 'requests', 'messages', 'prepared-return', 'status'] as const;
const CONTENT_KEYS: Record<(typeof CONTENTS)[number], string> = {
  profile: 'profile',
  'tax-profile': 'taxProfile',
  advanced: 'advanced',
  documents: 'documents',
  figures: 'figures',
  requests: 'requests',
  messages: 'messages',
  'prepared-return': 'prepared',
  status: 'status',
};

const wholeNumber = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/** /expert/returns/:userId/:taxYear: one person's year, everything the expert works from (issue 27). */
export function ExpertClientFilePage() {
  const { t } = useTranslation('expert');
  const params = useParams();
  const userId = wholeNumber(params.userId);
  const taxYear = wholeNumber(params.taxYear);
  return (
    <ExpertOnly>
      {(self) =>
        userId === undefined || taxYear === undefined ? (
          <NotFound text={t('file.notFound')} />
        ) : (
          <ClientFile key={`${userId}/${taxYear}`} returnRef={{ userId, taxYear }} selfId={self.id} />
        )
      }
    </ExpertOnly>
  );
}

function NotFound({ text }: { text: string }) {
  const { t } = useTranslation('expert');
  return (
    <div className="space-y-4">
      <BackToQueue />
      <h1 className="text-2xl font-semibold text-slate-900">{t('file.notFoundTitle')}</h1>
      <p className="text-slate-700">{text}</p>
    </div>
  );
}

function BackToQueue() {
  const { t } = useTranslation('expert');
  return (
    <Link to="/expert" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
      <ArrowLeft aria-hidden className="size-4" />
      {t('file.back')}
    </Link>
  );
}

function ClientFile({ returnRef, selfId }: { returnRef: ReturnRef; selfId: number }) {
  const { t } = useTranslation('expert');
  const file = useClientFile(returnRef.userId, returnRef.taxYear);

  if (isForbidden(file.error)) return <ExpertAccessDenied />;
  if (file.error instanceof ApiError && file.error.status === 404) return <NotFound text={t('file.notFound')} />;
  if (!file.data) {
    return file.isError ? (
      <div className="space-y-4">
        <BackToQueue />
        <FetchProblem message={errorText(t, file.error, t('file.loadFailed'))} onRetry={() => void file.refetch()} />
      </div>
    ) : (
      <p role="status" className="py-12 text-center text-slate-700">
        {t('loading')}
      </p>
    );
  }
  const data = file.data;
  return (
    <div className="space-y-6">
      <BackToQueue />
      <FileHeader returnRef={returnRef} file={data} selfId={selfId} />
      <nav aria-label={t('file.contents')} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {CONTENTS.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {t(`file.sections.${CONTENT_KEYS[id]}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileSection profile={data.profile} />
      <TaxProfileSection taxYear={data.taxYear} taxProfile={data.taxProfile} declaration={data.declaration} />
      <AdvancedInfoSection returnRef={returnRef} info={data.advancedTaxInfo} />
      <DocumentsSection returnRef={returnRef} files={data.files} />
      <FiguresSection returnRef={returnRef} files={data.files} />
      <RequestsSection returnRef={returnRef} requests={data.requests} />
      <MessagesSection returnRef={returnRef} />
      <PreparedReturnSection returnRef={returnRef} preparedReturn={data.preparedReturn} />
      <StatusSection returnRef={returnRef} file={data} />
    </div>
  );
}

/** Name and year, the status, the transmission and who handles the return (with Take while no one does). */
function FileHeader({ returnRef, file, selfId }: { returnRef: ReturnRef; file: ClientFileResponse; selfId: number }) {
  const { t, i18n } = useTranslation('expert');
  const take = useTakeReturn();
  const [outcome, setOutcome] = useState<OutcomeState>();
  const name = fullName(file.profile) || file.profile.email;
  const takeIt = () => {
    setOutcome(undefined);
    take.mutate(returnRef, {
      onSuccess: () => setOutcome({ kind: 'success', text: t('take.doneHere') }),
      onError: (error) =>
        setOutcome({
          kind: 'error',
          text: error instanceof ApiError && error.status === 409 ? t('take.conflictHere') : errorText(t, error, t('take.failed')),
        }),
    });
  };
  const assignee = assigneeLabel(t, file.assignee, selfId);
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold break-words text-slate-900 sm:text-3xl">{t('file.title', { name, year: file.taxYear })}</h1>
      <Facts
        label={t('file.summary')}
        items={[
          [t('queue.columns.status'), statusLabel(t, file.status)],
          [t('queue.columns.transmittedAt'), file.transmittedAt ? formatSwissMoment(file.transmittedAt, i18n.language) : t('queue.notTransmitted')],
          [
            t('queue.columns.assignee'),
            assignee ?? (
              <span className="flex flex-wrap items-center gap-2">
                <span className="text-slate-600">{t('assignee.none')}</span>
                <Button
                  variant="secondary"
                  className="min-h-9 px-3 py-1"
                  disabled={take.isPending}
                  aria-label={t('take.labelFor', { name, year: file.taxYear })}
                  onClick={takeIt}
                >
                  {t('take.button')}
                </Button>
              </span>
            ),
          ],
        ]}
      />
      <Outcome outcome={outcome} takeFocus />
    </div>
  );
}
