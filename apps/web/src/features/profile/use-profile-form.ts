import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { digitsOnly, isActiveLanguage, sameProfileShown, type ProfileShown, type UserResponse } from '@taxli/domain';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { fieldErrorText } from '../../lib/field-error-text';
import { queryKeys } from '../../lib/query-keys';
import { useAcceptTerms } from './api/accept-terms';
import { useUpdateProfile } from './api/update-profile';
import { SERVER_REFUSAL } from './components/use-field-error';
import { keepProfileDraft, readProfileDraft } from './profile-draft';
import {
  profileFormDefaults,
  profileFormSchema,
  type ProfileFormInput,
  type ProfileFormValues,
} from './profile-form-schema';

/** Part 2 §2: after the first-time profile is saved, the home page follows after 1.5 s. */
export const FIRST_TIME_REDIRECT_MS = 1500;

const FORM_FIELDS = ['firstName', 'lastName', 'phone', 'countryCode'] as const;
type FormField = (typeof FORM_FIELDS)[number];
const isFormField = (field: string | undefined): field is FormField => FORM_FIELDS.includes(field as FormField);

/**
 * The profile form's state and rules: validation, the terms checkbox of first-time mode (which
 * needs a name and a phone number and records the acceptance when ticked), saving, and the
 * messages for each outcome. Values survive an error, a visit to a linked legal page and a reload
 * (profile-draft.ts). A profile saved in another tab or on another device is never overwritten
 * unseen: an untouched form takes it over, a typed one says so (`newerStored`) and its next Save
 * replaces it; the server refuses a save edited from an older profile than the stored one (409
 * PROFILE_OUTDATED), and the form then reads the stored one and says so.
 */
export function useProfileForm(user: UserResponse, firstTime: boolean) {
  const { t, i18n } = useTranslation('profile');
  const navigate = useNavigate();
  const [draft] = useState(() => readProfileDraft(user.id));
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: draft?.values ?? profileFormDefaults(user),
  });
  const [termsAccepted, setTermsAccepted] = useState(draft?.termsAccepted ?? user.hasAcceptedTerms);
  const [done, setDone] = useState(false);
  const acceptance = useRef<Promise<boolean> | null>(null);
  const acceptTerms = useAcceptTerms();
  const updateProfile = useUpdateProfile();
  const queryClient = useQueryClient();

  // Kept as it is typed while it differs from the stored profile (say, to read the terms, or over a
  // reload); forgotten once saved or typed back.
  const watched = useWatch({ control: form.control });
  const stored = profileFormDefaults(user);
  const values: ProfileFormInput = { ...stored, ...watched };
  const changed = FORM_FIELDS.some((field) => values[field] !== stored[field]) || termsAccepted !== user.hasAcceptedTerms;
  const unsaved = !done && changed;
  // The stored profile the typing began from, kept with what was typed.
  const [from, setFrom] = useState<ProfileShown>(() => draft?.from ?? stored);
  const typed = !sameProfileShown(values, from);
  const storedSince = !sameProfileShown(stored, from);
  const newerStored = typed && storedSince && !sameProfileShown(values, stored) && !done ? stored : null;
  const { firstName, lastName, phone, countryCode } = values;
  useEffect(
    () => keepProfileDraft(user.id, unsaved ? { values: { firstName, lastName, phone, countryCode }, from, termsAccepted } : null),
    [user.id, unsaved, firstName, lastName, phone, countryCode, from, termsAccepted],
  );
  // Nothing typed yet: the form follows a profile saved elsewhere.
  useEffect(() => {
    if (typed || !storedSince) return;
    const latest = profileFormDefaults(user);
    form.reset(latest);
    setFrom(latest);
  }, [typed, storedSince, user, form]);

  useEffect(() => {
    if (!done || !firstTime) return;
    const timer = window.setTimeout(() => void navigate('/'), FIRST_TIME_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, firstTime, navigate]);

  const recordAcceptance = (): Promise<boolean> => {
    const attempt = acceptTerms.mutateAsync().then(
      () => true,
      (error: unknown) => {
        // Part 2 §8: only logged; saving the profile tries once more and reports what the server says.
        console.error('Recording the acceptance of the terms failed', error);
        return false;
      },
    );
    acceptance.current = attempt;
    return attempt;
  };

  const onTermsChange = (checked: boolean) => {
    if (!checked) {
      setTermsAccepted(false);
      return;
    }
    const { firstName, lastName, phone } = form.getValues();
    if (!firstName.trim() || !lastName.trim() || !digitsOnly(phone)) {
      void form.trigger(['firstName', 'lastName', 'phone']);
      toast({ title: t('toasts.incompleteTitle'), description: t('toasts.incompleteDescription'), variant: 'destructive' });
      return;
    }
    setTermsAccepted(true);
    void recordAcceptance();
  };

  const failed = (description: string) => toast({ title: t('toasts.updateFailed'), description, variant: 'destructive' });

  const submit = form.handleSubmit(async (values) => {
    if (firstTime && !termsAccepted) return;
    if (firstTime && !user.hasAcceptedTerms && !(await acceptance.current)) await recordAcceptance();
    const language = isActiveLanguage(i18n.language) ? i18n.language : undefined;
    let updated: UserResponse;
    try {
      // Edited from the stored profile this client knows: with the note of a newer one on screen,
      // the Save replaces it; a newer one this client has not heard of yet is refused.
      updated = await updateProfile.mutateAsync({ ...values, language, editedFrom: stored });
    } catch (error) {
      if (!(error instanceof ApiError)) return failed(t('toasts.tryAgain'));
      // The stored profile is read, so the form shows what was saved elsewhere (newerStored).
      if (error.code === 'PROFILE_OUTDATED') void queryClient.refetchQueries({ queryKey: queryKeys.user(), exact: true });
      const clientError = error.status >= 400 && error.status < 500;
      // A refusal that names a field is said once, at that field, which gets focus: it stays until
      // corrected, where a toast would be gone in 5 s. Any other failure is the 'Update failed' toast.
      if (clientError && isFormField(error.field)) {
        return form.setError(error.field, { type: SERVER_REFUSAL, message: fieldErrorText(t, error) }, { shouldFocus: true });
      }
      return failed(t(`errors:codes.${error.code}`, { defaultValue: clientError ? error.message : t('toasts.tryAgain') }));
    }
    setFrom(profileFormDefaults(updated));
    if (firstTime && !updated.isProfileComplete) return failed(t('toasts.termsNotRecorded'));
    if (firstTime) {
      setDone(true);
      // The redirect home after 1.5 s is part of this save: the confirmation goes along (forNextPage).
      toast({ title: t('toasts.completed'), description: t('toasts.completedDescription'), variant: 'success', forNextPage: true });
    } else {
      form.reset(values);
      toast({ title: t('toasts.updated'), description: t('toasts.updatedDescription'), variant: 'success' });
    }
  });

  return {
    form,
    termsAccepted,
    onTermsChange,
    submit,
    saving: form.formState.isSubmitting,
    done,
    newerStored,
  };
}
