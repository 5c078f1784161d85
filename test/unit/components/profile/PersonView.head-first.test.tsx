/**
 * `headFirst`: the side panel's first frame of a long profile holds the head, the facts and
 * "About"; the sections under them follow once that frame is on screen, the same as without it.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PersonView } from '../../../../components/profile/PersonView';
import { personProfileSchema } from '../../../../lib/api/schemas';
import realPerson from '../../../fixtures/real/person-profile.json';
import { waitFor } from '../../../support/wait-for';

const person = personProfileSchema.parse(realPerson);
let container: HTMLElement | undefined;

afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

function show(headFirst: boolean): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  render(<PersonView person={person} headFirst={headFirst} />, container);
  return container;
}

const sections = (root: HTMLElement) =>
  [...root.querySelectorAll('h3')].map((h) => h.textContent?.replace(/\s+/g, ' ').trim());

describe('PersonView headFirst', () => {
  it('draws the head and "About" first, then the same profile as without it', async () => {
    const whole = show(false).innerHTML;
    render(null, container!);
    const root = show(true);
    expect(root.querySelector('h2')?.textContent).toBe('John Marty');
    expect(sections(root)).toEqual(['About']);
    // The rest once that render is on screen (Preact's effects run after the next frame).
    await waitFor(() => expect(sections(root)).toContain('Experience 11'));
    expect(root.innerHTML).toBe(whole);
  });
});
