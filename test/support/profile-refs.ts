import type { ProfileRef } from '../../lib/profile-urls';

// Expected values are written out by hand here, not built with lib/networks, so the table checks
// the builders as much as the parser.
export const person = (id: string, path = id): ProfileRef => ({
  kind: 'person',
  id,
  url: `https://www.linkedin.com/in/${path}`,
});
export const company = (id: string, section = 'company'): ProfileRef => ({
  kind: 'company',
  id,
  url: `https://www.linkedin.com/${section}/${id}`,
});
export const school = (id: string): ProfileRef => ({
  kind: 'school',
  id,
  url: `https://www.linkedin.com/school/${id}`,
});
export const job = (id: string): ProfileRef => ({
  kind: 'job',
  id,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});
export const microblog = (id: string): ProfileRef => ({ kind: 'microblog', id, url: `https://x.com/${id}` });
export const social = (id: string): ProfileRef => ({
  kind: 'social',
  id,
  url: /^\d+$/.test(id) ? `https://www.facebook.com/profile.php?id=${id}` : `https://www.facebook.com/${id}`,
});
export const codehost = (id: string): ProfileRef => ({
  kind: 'codehost',
  id,
  url: `https://github.com/${id}`,
});
