/**
 * Zod schemas of every answer of the service (docs/service.md), and the types the UI renders from.
 *
 * Answers are read tolerantly, because a paid answer that fails to parse is money lost:
 * - every object is a `z.looseObject`, so fields the spec does not list pass through untouched;
 * - every field of a resource may be missing or null. Real answers do both: the 2023 examples lack
 *   `meta`, `location_str`, `last_updated`; the quickstart example is trimmed to a handful of fields;
 *   the provider writes null for anything it does not know. To the UI both mean "not known".
 * What is checked is the type of a value that is present: `follower_count: "abc"` or `experiences: {}`
 * fails with an issue whose path names the field, e.g. `['experiences', 0, 'starts_at', 'year']`.
 *
 * Only what identifies an answer is required: the results array of a listing or search, the URL of
 * a listing or search entry, the count of an employee count, the balance of a credit balance.
 */
import { z } from 'zod';
import type { COMPANY_OPTIONAL_BLOCKS, PERSON_ENRICHMENT_FIELDS } from './assumptions';

// Field kinds. Each may be absent or null (see above); one instance is shared by every field of the kind.
const text = z.string().nullish();
const integer = z.int().nullish();
const decimal = z.number().nullish();
const flag = z.boolean().nullish();
const textList = z.array(z.string()).nullish();
const listOf = <Item extends z.ZodType>(item: Item) => z.array(item).nullish();

/** An ISO 8601 timestamp (the spec's "timestamp"); kept as the string the service sent. */
const timestamp = text;

/**
 * Elements of arrays whose shape the spec does not show (v2 `accomplishment_*` other than projects,
 * `volunteer_work`, `articles`, `groups`): any object, every key kept, nothing assumed.
 */
const unshownItemSchema = z.looseObject({});

/** Contents not shown (the optional company blocks): any JSON value, null when not requested. */
const unshownContent = z.json().nullish();

// ---------------------------------------------------------------------------------------------
// Shared by several resources

/** The spec's `Date`: `{day, month, year}`, each an integer or null. */
export const specDateSchema = z.looseObject({ day: integer, month: integer, year: integer });
export type SpecDate = z.infer<typeof specDateSchema>;

const date = specDateSchema.nullish();

/** `{thin_profile, last_updated}` of person and company profiles. */
export const profileMetaSchema = z.looseObject({ thin_profile: flag, last_updated: timestamp });

// ---------------------------------------------------------------------------------------------
// Person profile, version 2

export const experienceSchema = z.looseObject({
  starts_at: date,
  ends_at: date,
  company: text,
  company_network_profile_url: text,
  /** Omitted in employee-listing results. */
  company_social_profile_url: text,
  title: text,
  description: text,
  location: text,
  logo_url: text,
});

export const educationSchema = z.looseObject({
  starts_at: date,
  ends_at: date,
  field_of_study: text,
  degree_name: text,
  school: text,
  school_network_profile_url: text,
  /** Omitted in employee-listing results, as are `grade` and `activities_and_societies`. */
  school_social_profile_url: text,
  description: text,
  logo_url: text,
  grade: text,
  activities_and_societies: text,
});

export const projectSchema = z.looseObject({
  starts_at: date,
  ends_at: date,
  title: text,
  description: text,
  url: text,
});

export const certificationSchema = z.looseObject({
  starts_at: date,
  ends_at: date,
  name: text,
  license_number: text,
  display_source: text,
  authority: text,
  url: text,
});

export const languageProficiencySchema = z.looseObject({ name: text, proficiency: text });

/** An entry of `people_also_viewed` or `similarly_named_profiles`. */
export const relatedPersonSchema = z.looseObject({ name: text, link: text, summary: text, location: text });
export type RelatedPerson = z.infer<typeof relatedPersonSchema>;

export const personActivitySchema = z.looseObject({ title: text, link: text, activity_status: text });

/** `extra` enrichment; field names are our assumption (PERSON_ENRICHMENT_FIELDS in assumptions.ts). */
export const personExtraSchema = z.looseObject({
  gender: text,
  birth_date: date,
  industry: text,
  interests: textList,
});

export const inferredSalarySchema = z.looseObject({ min: decimal, max: decimal });

/**
 * The optional enrichment fields, present only when requested and available. Their names and
 * shapes are the choices recorded in PERSON_ENRICHMENT_FIELDS; `satisfies` keeps the two in step.
 */
const personEnrichmentShape = {
  extra: personExtraSchema.nullish(),
  codehost_profile_id: text,
  social_profile_id: text,
  microblog_profile_id: text,
  personal_numbers: textList,
  personal_emails: textList,
  inferred_salary: inferredSalarySchema.nullish(),
  skills: textList,
} satisfies Record<(typeof PERSON_ENRICHMENT_FIELDS)[keyof typeof PERSON_ENRICHMENT_FIELDS], z.ZodType>;

export const personProfileSchema = z.looseObject({
  public_identifier: text,
  profile_pic_url: text,
  background_cover_image_url: text,
  first_name: text,
  last_name: text,
  full_name: text,
  follower_count: integer,
  occupation: text,
  headline: text,
  summary: text,
  location_str: text,
  country: text,
  country_full_name: text,
  city: text,
  state: text,
  experiences: listOf(experienceSchema),
  education: listOf(educationSchema),
  languages: textList,
  languages_and_proficiencies: listOf(languageProficiencySchema),
  accomplishment_organisations: listOf(unshownItemSchema),
  accomplishment_publications: listOf(unshownItemSchema),
  accomplishment_honors_awards: listOf(unshownItemSchema),
  accomplishment_patents: listOf(unshownItemSchema),
  accomplishment_courses: listOf(unshownItemSchema),
  accomplishment_projects: listOf(projectSchema),
  accomplishment_test_scores: listOf(unshownItemSchema),
  volunteer_work: listOf(unshownItemSchema),
  certifications: listOf(certificationSchema),
  connections: integer,
  people_also_viewed: listOf(relatedPersonSchema),
  recommendations: textList,
  activities: listOf(personActivitySchema),
  similarly_named_profiles: listOf(relatedPersonSchema),
  articles: listOf(unshownItemSchema),
  groups: listOf(unshownItemSchema),
  meta: profileMetaSchema.nullish(),
  ...personEnrichmentShape,
});
export type PersonProfile = z.infer<typeof personProfileSchema>;

// ---------------------------------------------------------------------------------------------
// Company profile (schools share it)

export const locationSchema = z.looseObject({
  country: text,
  city: text,
  postal_code: text,
  line_1: text,
  is_hq: flag,
  state: text,
});
export type Location = z.infer<typeof locationSchema>;

/** An entry of `similar_companies` or `affiliated_companies`. */
export const relatedCompanySchema = z.looseObject({ name: text, link: text, industry: text, location: text });
export type RelatedCompany = z.infer<typeof relatedCompanySchema>;

export const companyUpdateSchema = z.looseObject({
  article_link: text,
  image: text,
  posted_on: date,
  text: text,
  total_likes: integer,
});

/** `[lower, upper]` employees; upper is null when the band is open-ended (e.g. 10001+). */
export const companySizeSchema = z.tuple([z.int(), z.int().nullable()]);
export type CompanySize = z.infer<typeof companySizeSchema>;

/** Requested by parameters of the same names (COMPANY_OPTIONAL_BLOCKS); null when not requested. */
const companyOptionalBlocksShape = {
  categories: unshownContent,
  funding_data: unshownContent,
  exit_data: unshownContent,
  acquisitions: unshownContent,
  extra: unshownContent,
} satisfies Record<(typeof COMPANY_OPTIONAL_BLOCKS)[number], z.ZodType>;

export const companyProfileSchema = z.looseObject({
  network_internal_id: text,
  description: text,
  website: text,
  industry: text,
  company_size: companySizeSchema.nullish(),
  company_size_on_network: integer,
  hq: locationSchema.nullish(),
  company_type: text,
  founded_year: integer,
  specialities: textList,
  locations: listOf(locationSchema),
  name: text,
  tagline: text,
  universal_name_id: text,
  profile_pic_url: text,
  background_cover_image_url: text,
  search_id: text,
  similar_companies: listOf(relatedCompanySchema),
  affiliated_companies: listOf(relatedCompanySchema),
  updates: listOf(companyUpdateSchema),
  follower_count: integer,
  meta: profileMetaSchema.nullish(),
  ...companyOptionalBlocksShape,
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

// ---------------------------------------------------------------------------------------------
// Jobs

export const jobLocationSchema = z.looseObject({
  country: text,
  region: text,
  city: text,
  postal_code: text,
  latitude: decimal,
  longitude: decimal,
  street: text,
});

export const jobCompanySchema = z.looseObject({ name: text, url: text, logo: text });

export const jobProfileSchema = z.looseObject({
  network_internal_id: text,
  job_description: text,
  apply_url: text,
  title: text,
  location: jobLocationSchema.nullish(),
  company: jobCompanySchema.nullish(),
  seniority_level: text,
  industry: textList,
  employment_type: text,
  job_functions: textList,
  total_applicants: integer,
});
export type JobProfile = z.infer<typeof jobProfileSchema>;

export const jobListEntrySchema = z.looseObject({
  company: text,
  company_url: text,
  job_title: text,
  job_url: text,
  /** YYYY-MM-DD. */
  list_date: text,
  location: text,
});
export type JobListEntry = z.infer<typeof jobListEntrySchema>;

export const jobSearchResponseSchema = z.looseObject({
  job: z.array(jobListEntrySchema),
  next_page_no: integer,
  next_page_api_url: text,
  previous_page_no: integer,
  previous_page_api_url: text,
});

// ---------------------------------------------------------------------------------------------
// Lookups. A lookup that finds nothing may still answer 200 with "null content": we read both the
// envelope with null fields and a bare `null` body (LOOKUP_NULL_CONTENT in assumptions.ts).

/** Role lookup: no match answers 404 (ROLE_LOOKUP_NO_MATCH_STATUS), so a 200 always names a profile. */
export const roleLookupResponseSchema = z.looseObject({
  network_profile_url: z.string(),
  /** Present when `enrich_profile=enrich`. */
  profile: personProfileSchema.nullish(),
  last_updated: timestamp,
});

export const personLookupResponseSchema = z
  .looseObject({ url: text, profile: personProfileSchema.nullish(), last_updated: timestamp })
  .nullable();

/** `url` may be absent when not enriched (EMAIL_LOOKUP_URL_FIELD); the published example carries it. */
export const emailLookupResponseSchema = z
  .looseObject({ url: text, profile: personProfileSchema.nullish(), last_updated: timestamp })
  .nullable();
export type EmailLookupResponse = z.infer<typeof emailLookupResponseSchema>;

export const companyLookupResponseSchema = z
  .looseObject({ url: text, profile: companyProfileSchema.nullish(), last_updated: timestamp })
  .nullable();

// ---------------------------------------------------------------------------------------------
// Employee count

/**
 * The spec's `{estimated_employee_count, verified_employee_count}`, or the provider's older
 * `{network_employee_count, linkdb_employee_count}` (the 2023 example). One object holding both
 * sets of fields, rather than a union, so that a wrong type is reported at its own path.
 */
export const employeeCountResponseSchema = z
  .looseObject({
    /** Present when `estimated_employee_count=include`. */
    estimated_employee_count: integer,
    verified_employee_count: integer,
    /** Old shape: the figure shown on the company's page on the network. */
    network_employee_count: integer,
    /** Old shape: employees counted in the provider's own dataset ("LinkDB"). */
    linkdb_employee_count: integer,
  })
  .refine(
    (answer) =>
      [
        answer.estimated_employee_count,
        answer.verified_employee_count,
        answer.network_employee_count,
        answer.linkdb_employee_count,
      ].some((count) => typeof count === 'number'),
    { message: 'The answer holds no employee count' },
  );
export type EmployeeCountResponse = z.infer<typeof employeeCountResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Listings (employees, students) and searches

/** An employee or student: the URL always, the profile when enriched. */
export const listingEntrySchema = z.looseObject({
  profile_url: z.string(),
  profile: personProfileSchema.nullish(),
  last_updated: timestamp,
});
export type ListingEntry = z.infer<typeof listingEntrySchema>;

export const employeeListResponseSchema = z.looseObject({
  employees: z.array(listingEntrySchema),
  next_page: text,
});

export const studentListResponseSchema = z.looseObject({
  students: z.array(listingEntrySchema),
  next_page: text,
});

export const personSearchResultSchema = z.looseObject({
  network_profile_url: z.string(),
  profile: personProfileSchema.nullish(),
  last_updated: timestamp,
});

export const companySearchResultSchema = z.looseObject({
  network_profile_url: z.string(),
  profile: companyProfileSchema.nullish(),
  last_updated: timestamp,
});

export const personSearchResponseSchema = z.looseObject({
  results: z.array(personSearchResultSchema),
  next_page: text,
  /** Absent from the 2023 examples. */
  total_result_count: integer,
});

export const companySearchResponseSchema = z.looseObject({
  results: z.array(companySearchResultSchema),
  next_page: text,
  total_result_count: integer,
});

// ---------------------------------------------------------------------------------------------
// Company logo, version 3

export const logoDomainSchema = z.looseObject({ resolved: text, original: text, alternatives: textList });

export const logoMatchSchema = z.looseObject({
  companyName: text,
  logoUrl: text,
  domain: logoDomainSchema.nullish(),
  industry: text,
  employeeCount: integer,
  location: text,
  networkUrl: text,
});
export type LogoMatch = z.infer<typeof logoMatchSchema>;

export const companyLogoResponseSchema = z.array(logoMatchSchema);

// ---------------------------------------------------------------------------------------------
// Person profile, version 3. The spec names every section; where it states no type, a field is
// read as a string (the spec writes timestamps and dates as ISO 8601 strings), except as noted.

const v3Date = text;

/**
 * An organisation's ids on the other networks. Their type is not stated: v2 writes network ids as
 * strings while v3 writes `companyId` as an integer, so either is read.
 */
const v3Id = z.union([z.string(), z.number()]).nullish();
export const v3OrganizationIdSchema = z.looseObject({
  networkId: v3Id,
  bizdataId: v3Id,
  socialId: v3Id,
  microblogId: v3Id,
});
export type V3OrganizationId = z.infer<typeof v3OrganizationIdSchema>;

/** `{date, value}`, e.g. a headline or follower count over time. */
export const v3TimeseriesPointSchema = z.looseObject({ date: text, value: decimal });

/** One network's view of a company in `experience.work[].companyInfo`. */
export const v3CompanyOnNetworkSchema = z.looseObject({
  slug: text,
  companyId: integer,
  logoUrl: text,
  website: text,
  industries: textList,
});

export const v3WorkExperienceSchema = z.looseObject({
  startDate: v3Date,
  endDate: v3Date,
  companyName: text,
  companyInfo: z
    .looseObject({
      network: v3CompanyOnNetworkSchema.nullish(),
      social: v3CompanyOnNetworkSchema.nullish(),
      bizdata: v3CompanyOnNetworkSchema.nullish(),
      microblog: v3CompanyOnNetworkSchema.nullish(),
    })
    .nullish(),
  title: text,
  description: text,
  location: text,
  seniority: textList,
  isDecisionMaker: flag,
  employmentType: textList,
  jobFunction: textList,
});

export const v3VolunteerExperienceSchema = z.looseObject({
  startDate: v3Date,
  endDate: v3Date,
  title: text,
  cause: text,
  organization: text,
  organizationId: v3OrganizationIdSchema.nullish(),
  description: text,
  logoUrl: text,
});

export const v3EducationSchema = z.looseObject({
  startDate: v3Date,
  endDate: v3Date,
  fieldOfStudy: text,
  degreeName: text,
  school: text,
  schoolId: v3OrganizationIdSchema.nullish(),
  description: text,
  logoUrl: text,
  grade: text,
  activities: text,
});

export const v3CertificationSchema = z.looseObject({
  startDate: v3Date,
  endDate: v3Date,
  name: text,
  licenseNumber: text,
  displaySource: text,
  authority: text,
  url: text,
  organizationId: v3OrganizationIdSchema.nullish(),
  organizationUrl: text,
});

export const v3AccomplishmentsSchema = z.looseObject({
  organizations: listOf(
    z.looseObject({ startDate: v3Date, endDate: v3Date, name: text, position: text, description: text }),
  ),
  honorsAwards: listOf(z.looseObject({ title: text, issuer: text, issuedDate: v3Date, description: text })),
  courses: listOf(z.looseObject({ name: text, number: text })),
  projects: listOf(
    z.looseObject({ startDate: v3Date, endDate: v3Date, title: text, description: text, url: text }),
  ),
  testScores: listOf(z.looseObject({ name: text, score: text, date: v3Date, description: text })),
});

export const v3PublicationSchema = z.looseObject({
  title: text,
  publisher: text,
  publishedDate: v3Date,
  description: text,
  url: text,
});

export const v3PatentSchema = z.looseObject({
  title: text,
  issuer: text,
  issuedDate: v3Date,
  description: text,
  applicationNumber: text,
  patentNumber: text,
  url: text,
});

export const v3EmailSchema = z.looseObject({
  email: text,
  normalized: text,
  /** Type not stated: a verdict string (e.g. "valid") or a boolean are both read. */
  validity: z.union([z.string(), z.boolean()]).nullish(),
  validatedAt: timestamp,
  gateway: text,
});

export const v3ContactInformationSchema = z.looseObject({
  /** `personal` and `work` each appear only when their include flag is set. */
  emails: z.looseObject({ personal: listOf(v3EmailSchema), work: listOf(v3EmailSchema) }).nullish(),
  phoneNumbers: textList,
  socialLinks: z
    .looseObject({
      networkUrl: text,
      codehostUrl: text,
      socialUrl: text,
      microblogUrl: text,
      websiteUrl: text,
    })
    .nullish(),
});

/** Follower or connection counts per network. */
export const v3NetworkCountsSchema = z.looseObject({
  total: integer,
  network: integer,
  microblog: integer,
  social: integer,
  codehost: integer,
});
export type V3NetworkCounts = z.infer<typeof v3NetworkCountsSchema>;

export const v3SocialPresenceSchema = z.looseObject({
  followers: v3NetworkCountsSchema.nullish(),
  followersCountTimeseries: listOf(v3TimeseriesPointSchema),
  connections: v3NetworkCountsSchema.nullish(),
});

/** An entry of `relatedProfiles` or `similarNames`. */
export const v3RelatedProfileSchema = z.looseObject({
  url: text,
  name: text,
  headline: text,
  location: text,
});
export type V3RelatedProfile = z.infer<typeof v3RelatedProfileSchema>;

export const v3ArticleSchema = z.looseObject({
  title: text,
  url: text,
  publishedDate: v3Date,
  author: text,
  imageUrl: text,
});

export const v3GroupSchema = z.looseObject({
  id: integer,
  name: text,
  link: text,
  /** The one value shown is "Network Group". */
  type: text,
});

export const v3DeveloperProfileSchema = z.looseObject({
  codehost: z
    .looseObject({
      username: text,
      avatarUrl: text,
      followersCount: integer,
      followingCount: integer,
      publicReposCount: integer,
      publicGistsCount: integer,
      languages: textList,
      contributionsCount: integer,
    })
    .nullish(),
});

export const v3CareerInsightSchema = z.looseObject({
  estimatedSalary: z.looseObject({ min: decimal, max: decimal }).nullish(),
  seniority: z
    .looseObject({
      totalExperienceYears: decimal,
      currentTenureYears: decimal,
      averageTenureYears: decimal,
      isInfluencer: flag,
    })
    .nullish(),
  inferredSkills: textList,
});

/** `profileImageUrl` and `backgroundImageUrl`: the picture on each network. */
export const v3ImageUrlsSchema = z.looseObject({ network: text, microblog: text, codehost: text });

/** The person's username (slug) on each network. */
export const v3SlugsSchema = z.looseObject({ network: text, codehost: text, social: text, microblog: text });

export const personV3Schema = z.looseObject({
  summary: z
    .looseObject({
      fullName: text,
      profileImage: text,
      jobTitle: text,
      currentCompanies: textList,
      location: text,
    })
    .nullish(),
  /** Appears when the social-links flag is set. */
  slug: v3SlugsSchema.nullish(),
  profileImageUrl: v3ImageUrlsSchema.nullish(),
  backgroundImageUrl: v3ImageUrlsSchema.nullish(),
  firstName: text,
  lastName: text,
  fullName: text,
  middleName: text,
  nickname: text,
  suffix: text,
  headline: text,
  jobTitle: text,
  about: text,
  headlineTimeseries: listOf(v3TimeseriesPointSchema),
  location: z
    .looseObject({
      country: text,
      countryIso3: text,
      countryFullName: text,
      city: text,
      state: text,
      stateFullName: text,
      rawLocationString: text,
      coordinates: z.looseObject({ latitude: decimal, longitude: decimal }).nullish(),
    })
    .nullish(),
  experience: z
    .looseObject({ work: listOf(v3WorkExperienceSchema), volunteer: listOf(v3VolunteerExperienceSchema) })
    .nullish(),
  education: listOf(v3EducationSchema),
  certifications: listOf(v3CertificationSchema),
  accomplishments: v3AccomplishmentsSchema.nullish(),
  publications: listOf(v3PublicationSchema),
  patents: listOf(v3PatentSchema),
  contactInformation: v3ContactInformationSchema.nullish(),
  languages: listOf(z.looseObject({ name: text, proficiency: text })),
  interests: textList,
  inferredGender: text,
  industries: textList,
  socialPresence: v3SocialPresenceSchema.nullish(),
  relatedProfiles: listOf(v3RelatedProfileSchema),
  similarNames: listOf(v3RelatedProfileSchema),
  recommendations: textList,
  activities: listOf(z.looseObject({ title: text, url: text })),
  articles: listOf(v3ArticleSchema),
  groups: listOf(v3GroupSchema),
  /** Appears when its include flag is set, as does `careerInsight`. */
  developerProfile: v3DeveloperProfileSchema.nullish(),
  careerInsight: v3CareerInsightSchema.nullish(),
  meta: z.looseObject({ updatedAt: timestamp, activityAt: timestamp }).nullish(),
});
export type PersonV3 = z.infer<typeof personV3Schema>;

// ---------------------------------------------------------------------------------------------
// Account and errors

/** Not an endpoint of the spec: the provider's free balance check (`creditBalanceEndpoint`). */
export const creditBalanceResponseSchema = z.looseObject({ credit_balance: z.number() });

/**
 * The v3 error body `{code, name, description}`; v2 errors were observed in the same shape
 * (V2_ERROR_BODY). Every field is optional: an error body that says less must still be read,
 * since the status alone already says what happened.
 */
export const errorBodySchema = z.looseObject({
  code: integer,
  name: text,
  description: text,
  /** Only on a v3 409: the age of the cached profile that was too old for `maxAgeSeconds`. */
  cachedProfileAgeSeconds: integer,
});
