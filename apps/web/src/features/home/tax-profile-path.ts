/**
 * Where the tax profile is completed (part 1 §4): the wizard, or first the personal profile when
 * that is still incomplete (the signed-in layout would send the person there anyway).
 */
export function taxProfilePath(profileComplete: boolean): string {
  return profileComplete ? '/profile?setup=tax' : '/profile?firstTime=true';
}
