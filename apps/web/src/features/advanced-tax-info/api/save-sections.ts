import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, maskAhvNumber, type AuthorizationBody, type ChildInfo, type SpouseInfoBody } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { refreshWhenTransmitted } from '../transmitted-refusal';
import { patchAdvancedTaxInfo } from './get-advanced-tax-info';

/** PUT /api/advanced-tax-info/authorization (part 2 §5 rules again on the server). */
export function useSaveAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthorizationBody) => callApi(routes.saveAuthorization, { body }),
    onSuccess: (_answer, body) =>
      patchAdvancedTaxInfo(queryClient, body.taxYear, (info) => ({
        ...info,
        authorization: { ...body, tinNumber: body.tinNumber.trim(), lastUpdated: new Date().toISOString() },
      })),
    onError: (error, body) => refreshWhenTransmitted(queryClient, body.taxYear, error),
  });
}

/** PUT /api/advanced-tax-info/spouse (D12: the AHV number is checked and sealed on the server). */
export function useSaveSpouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SpouseInfoBody) => callApi(routes.saveSpouse, { body }),
    onSuccess: (_answer, { taxYear, ...spouse }) =>
      patchAdvancedTaxInfo(queryClient, taxYear, (info) => ({
        ...info,
        spouse: { ...spouse, age: spouse.age ?? null, ahvNumberMasked: spouse.ahvNumber ? maskAhvNumber(spouse.ahvNumber) : '' },
      })),
    onError: (error, body) => refreshWhenTransmitted(queryClient, body.taxYear, error),
  });
}

/** PUT /api/advanced-tax-info/children: one entry per child. */
export function useSaveChildren() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { taxYear: number; children: ChildInfo[] }) => callApi(routes.saveChildren, { body }),
    onSuccess: (_answer, { taxYear, children }) => patchAdvancedTaxInfo(queryClient, taxYear, (info) => ({ ...info, children })),
    onError: (error, body) => refreshWhenTransmitted(queryClient, body.taxYear, error),
  });
}
