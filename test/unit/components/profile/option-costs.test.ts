/**
 * What an option adds to a profile's price, in words, as the panel's choices say it.
 */
import { describe, expect, it } from 'vitest';
import { additionWords } from '../../../../components/profile/option-costs';
import { optionChoices } from '../../../../entrypoints/sidepanel/profile/ProfileControls';
import { PERSON_ENRICHMENT_FIELDS } from '../../../../lib/api/assumptions';

describe('what an option adds', () => {
  it('words each addition from the Limits table', () => {
    expect(additionWords('person.profile', { extra: 'include' })).toBe(
      '+1 credit, only if data is available',
    );
    expect(additionWords('person.profile', { personal_email: 'include' })).toBe(
      '+1 credit per email returned, only if data is available',
    );
    expect(additionWords('person.profile', { skills: 'include' })).toBe('no extra credit');
    expect(additionWords('person.profile', { extra: 'exclude' })).toBeNull();
    expect(additionWords('company.profile', { funding_data: 'include' })).toBe('+1 credit');
    expect(additionWords('person.v3', { careerInsight: 'include' })).toBe('cost not published');
  });

  it('offers the person profile its own include options, each with its hint', () => {
    const choices = optionChoices('person.profile');
    expect(choices.map((choice) => choice.name)).toEqual(Object.keys(PERSON_ENRICHMENT_FIELDS));
    expect(Object.fromEntries(choices.map((choice) => [choice.label, choice.hint]))).toEqual({
      'Extra details': 'gender, birth date, industry, interests · +1 credit, only if data is available',
      'Codehost ID': '+1 credit, only if data is available',
      'Social ID': '+1 credit, only if data is available',
      'Microblog ID': '+1 credit, only if data is available',
      'Personal numbers': '+1 credit per number returned, only if data is available',
      'Personal emails': '+1 credit per email returned, only if data is available',
      'Inferred salary': '+1 credit, only if data is available',
      Skills: 'limited coverage · no extra credit',
    });
    expect(optionChoices('company.profile').map((choice) => choice.name)).toEqual([
      'categories',
      'funding_data',
      'exit_data',
      'acquisitions',
      'extra',
    ]);
    expect(optionChoices('person.v3').map((choice) => choice.hint)).toEqual(
      Array(6).fill('cost not published'),
    );
    expect(optionChoices('school.profile')).toEqual([]);
    expect(optionChoices('job.profile')).toEqual([]);
  });
});
