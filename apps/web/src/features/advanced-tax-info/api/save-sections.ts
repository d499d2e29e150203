import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, maskAhvNumber, type AuthorizationBody, type ChildInfo, type SpouseInfoBody } from '@taxli/domain';
import { callApi } from '../../../lib/api-client';
import { refreshWhenRefused } from '../transmitted-refusal';
import { patchAdvancedTaxInfo } from './get-advanced-tax-info';

/** PUT /api/advanced-tax-info/authorization (part 2 §5 rules again on the server). */
export function useSaveAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthorizationBody) => callApi(routes.saveAuthorization, { body }),
    onSuccess: ({ version }, { version: _editedFrom, ...body }) =>
      patchAdvancedTaxInfo(queryClient, body.taxYear, (info) => ({
        ...info,
        authorization: { ...body, tinNumber: body.tinNumber.trim(), lastUpdated: new Date().toISOString() },
        versions: { ...info.versions, authorization: version },
      })),
    onError: (error, body) => refreshWhenRefused(queryClient, body.taxYear, error),
  });
}

/** PUT /api/advanced-tax-info/spouse (D12: the AHV number is checked and sealed on the server). */
export function useSaveSpouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SpouseInfoBody) => callApi(routes.saveSpouse, { body }),
    onSuccess: ({ version }, { taxYear, version: _editedFrom, ...spouse }) =>
      patchAdvancedTaxInfo(queryClient, taxYear, (info) => ({
        ...info,
        spouse: { ...spouse, age: spouse.age ?? null, ahvNumberMasked: spouse.ahvNumber ? maskAhvNumber(spouse.ahvNumber) : '' },
        versions: { ...info.versions, spouse: version },
      })),
    onError: (error, body) => refreshWhenRefused(queryClient, body.taxYear, error),
  });
}

/** PUT /api/advanced-tax-info/children: one entry per child. */
export function useSaveChildren() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { taxYear: number; children: ChildInfo[]; version?: number }) => callApi(routes.saveChildren, { body }),
    onSuccess: ({ version }, { taxYear, children }) =>
      patchAdvancedTaxInfo(queryClient, taxYear, (info) => ({ ...info, children, versions: { ...info.versions, children: version } })),
    onError: (error, body) => refreshWhenRefused(queryClient, body.taxYear, error),
  });
}
