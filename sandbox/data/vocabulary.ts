/**
 * The curated word lists the synthetic dataset is made of: places, industries, career tracks with
 * their titles and skills, schools' naming patterns. Faker supplies names, street addresses and
 * company names; these lists supply the values a search filters on, so that filters like
 * `current_role_title=engineer` or `country=DE` find realistic, consistent people.
 */
import type { NameLocale } from './random';

// ---------------------------------------------------------------------------------------------
// Places

export interface City {
  name: string;
  /** The short form companies' addresses use ("CA", "BY"); null where there is no subdivision. */
  stateCode: string | null;
  /** The full form people's profiles use ("California", "Bavaria"). */
  stateName: string | null;
  latitude: number;
  longitude: number;
  /** Job search `geo_id` of the city (the sandbox's own ids). */
  geoId: string;
}

export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  iso3: string;
  /** Short name, as job locations write it ("United States"). */
  name: string;
  /** As person profiles write `country_full_name` ("United States of America"). */
  fullName: string;
  /**
   * Job search `geo_id` of the whole country: the ids the main network's job-search URLs carry for
   * these countries, so a geo_id copied from there finds the sandbox's jobs.
   */
  geoId: string;
  locale: NameLocale;
  /** Relative share of people and companies. */
  weight: number;
  phonePrefix: string;
  /** Languages people there speak, the first natively. */
  languages: readonly string[];
  /** Country-code TLD some local companies use; null: they use .com. */
  tld: string | null;
  /** Local mail providers, used beside the global ones. */
  emailProviders: readonly string[];
  cities: readonly City[];
}

type CityRow = [name: string, stateCode: string | null, stateName: string | null, lat: number, lon: number];

type CountryRow = Omit<Country, 'cities'> & { cities: readonly CityRow[] };

function country(def: CountryRow, countryIndex: number): Country {
  return {
    ...def,
    cities: def.cities.map(([name, stateCode, stateName, latitude, longitude], cityIndex) => ({
      name,
      stateCode,
      stateName,
      latitude,
      longitude,
      // Nine digits like the network's ids, in a range of their own (9xxxxxxxx) so they never collide.
      geoId: String(900_000_000 + countryIndex * 1000 + cityIndex),
    })),
  };
}

const COUNTRY_ROWS: readonly CountryRow[] = [
  {
    code: 'US',
    iso3: 'USA',
    name: 'United States',
    fullName: 'United States of America',
    geoId: '103644278',
    locale: 'en',
    weight: 30,
    phonePrefix: '+1',
    languages: ['English'],
    tld: null,
    emailProviders: ['aol.com'],
    cities: [
      ['San Francisco', 'CA', 'California', 37.7749, -122.4194],
      ['New York', 'NY', 'New York', 40.7128, -74.006],
      ['Seattle', 'WA', 'Washington', 47.6062, -122.3321],
      ['Austin', 'TX', 'Texas', 30.2672, -97.7431],
      ['Chicago', 'IL', 'Illinois', 41.8781, -87.6298],
      ['Boston', 'MA', 'Massachusetts', 42.3601, -71.0589],
      ['Denver', 'CO', 'Colorado', 39.7392, -104.9903],
      ['Atlanta', 'GA', 'Georgia', 33.749, -84.388],
      ['Los Angeles', 'CA', 'California', 34.0522, -118.2437],
      ['Miami', 'FL', 'Florida', 25.7617, -80.1918],
    ],
  },
  {
    code: 'IN',
    iso3: 'IND',
    name: 'India',
    fullName: 'India',
    geoId: '102713980',
    locale: 'en_IN',
    weight: 10,
    phonePrefix: '+91',
    languages: ['Hindi', 'English'],
    tld: '.in',
    emailProviders: ['rediffmail.com'],
    cities: [
      ['Bengaluru', 'KA', 'Karnataka', 12.9716, 77.5946],
      ['Mumbai', 'MH', 'Maharashtra', 19.076, 72.8777],
      ['Hyderabad', 'TG', 'Telangana', 17.385, 78.4867],
      ['Pune', 'MH', 'Maharashtra', 18.5204, 73.8567],
    ],
  },
  {
    code: 'GB',
    iso3: 'GBR',
    name: 'United Kingdom',
    fullName: 'United Kingdom',
    geoId: '101165590',
    locale: 'en',
    weight: 8,
    phonePrefix: '+44',
    languages: ['English'],
    tld: '.co.uk',
    emailProviders: ['btinternet.com'],
    cities: [
      ['London', 'ENG', 'England', 51.5074, -0.1278],
      ['Manchester', 'ENG', 'England', 53.4808, -2.2426],
      ['Edinburgh', 'SCT', 'Scotland', 55.9533, -3.1883],
      ['Bristol', 'ENG', 'England', 51.4545, -2.5879],
    ],
  },
  {
    code: 'DE',
    iso3: 'DEU',
    name: 'Germany',
    fullName: 'Germany',
    geoId: '101282230',
    locale: 'de',
    weight: 6,
    phonePrefix: '+49',
    languages: ['German', 'English'],
    tld: '.de',
    emailProviders: ['gmx.de', 'web.de'],
    cities: [
      ['Berlin', 'BE', 'Berlin', 52.52, 13.405],
      ['Munich', 'BY', 'Bavaria', 48.1351, 11.582],
      ['Hamburg', 'HH', 'Hamburg', 53.5511, 9.9937],
      ['Frankfurt', 'HE', 'Hesse', 50.1109, 8.6821],
    ],
  },
  {
    code: 'CA',
    iso3: 'CAN',
    name: 'Canada',
    fullName: 'Canada',
    geoId: '101174742',
    locale: 'en',
    weight: 5,
    phonePrefix: '+1',
    languages: ['English', 'French'],
    tld: '.ca',
    emailProviders: [],
    cities: [
      ['Toronto', 'ON', 'Ontario', 43.6532, -79.3832],
      ['Vancouver', 'BC', 'British Columbia', 49.2827, -123.1207],
      ['Montreal', 'QC', 'Quebec', 45.5017, -73.5673],
    ],
  },
  {
    code: 'FR',
    iso3: 'FRA',
    name: 'France',
    fullName: 'France',
    geoId: '105015875',
    locale: 'fr',
    weight: 5,
    phonePrefix: '+33',
    languages: ['French', 'English'],
    tld: '.fr',
    emailProviders: ['orange.fr', 'free.fr'],
    cities: [
      ['Paris', 'IDF', 'Île-de-France', 48.8566, 2.3522],
      ['Lyon', 'ARA', 'Auvergne-Rhône-Alpes', 45.764, 4.8357],
      ['Toulouse', 'OCC', 'Occitanie', 43.6047, 1.4442],
    ],
  },
  {
    code: 'BR',
    iso3: 'BRA',
    name: 'Brazil',
    fullName: 'Brazil',
    geoId: '106057199',
    locale: 'pt_BR',
    weight: 5,
    phonePrefix: '+55',
    languages: ['Portuguese', 'English'],
    tld: '.com.br',
    emailProviders: ['uol.com.br'],
    cities: [
      ['São Paulo', 'SP', 'São Paulo', -23.5505, -46.6333],
      ['Rio de Janeiro', 'RJ', 'Rio de Janeiro', -22.9068, -43.1729],
      ['Belo Horizonte', 'MG', 'Minas Gerais', -19.9167, -43.9345],
    ],
  },
  {
    code: 'ES',
    iso3: 'ESP',
    name: 'Spain',
    fullName: 'Spain',
    geoId: '105646813',
    locale: 'es',
    weight: 4,
    phonePrefix: '+34',
    languages: ['Spanish', 'English'],
    tld: '.es',
    emailProviders: [],
    cities: [
      ['Madrid', 'MD', 'Community of Madrid', 40.4168, -3.7038],
      ['Barcelona', 'CT', 'Catalonia', 41.3874, 2.1686],
      ['Valencia', 'VC', 'Valencian Community', 39.4699, -0.3763],
    ],
  },
  {
    code: 'CN',
    iso3: 'CHN',
    name: 'China',
    fullName: 'China',
    geoId: '102890883',
    locale: 'zh_CN',
    weight: 4,
    phonePrefix: '+86',
    languages: ['Chinese', 'English'],
    tld: '.cn',
    emailProviders: ['qq.com', '163.com'],
    cities: [
      ['Shanghai', 'SH', 'Shanghai', 31.2304, 121.4737],
      ['Beijing', 'BJ', 'Beijing', 39.9042, 116.4074],
      ['Shenzhen', 'GD', 'Guangdong', 22.5431, 114.0579],
    ],
  },
  {
    code: 'MX',
    iso3: 'MEX',
    name: 'Mexico',
    fullName: 'Mexico',
    geoId: '103323778',
    locale: 'es',
    weight: 3,
    phonePrefix: '+52',
    languages: ['Spanish', 'English'],
    tld: '.com.mx',
    emailProviders: [],
    cities: [
      ['Mexico City', 'CDMX', 'Mexico City', 19.4326, -99.1332],
      ['Guadalajara', 'JAL', 'Jalisco', 20.6597, -103.3496],
      ['Monterrey', 'NLE', 'Nuevo León', 25.6866, -100.3161],
    ],
  },
  {
    code: 'AU',
    iso3: 'AUS',
    name: 'Australia',
    fullName: 'Australia',
    geoId: '101452733',
    locale: 'en',
    weight: 3,
    phonePrefix: '+61',
    languages: ['English'],
    tld: '.com.au',
    emailProviders: ['bigpond.com'],
    cities: [
      ['Sydney', 'NSW', 'New South Wales', -33.8688, 151.2093],
      ['Melbourne', 'VIC', 'Victoria', -37.8136, 144.9631],
    ],
  },
  {
    code: 'JP',
    iso3: 'JPN',
    name: 'Japan',
    fullName: 'Japan',
    geoId: '101355337',
    locale: 'ja',
    weight: 3,
    phonePrefix: '+81',
    languages: ['Japanese', 'English'],
    tld: '.jp',
    emailProviders: ['yahoo.co.jp'],
    cities: [
      ['Tokyo', '13', 'Tokyo', 35.6762, 139.6503],
      ['Osaka', '27', 'Osaka', 34.6937, 135.5023],
    ],
  },
  {
    code: 'RU',
    iso3: 'RUS',
    name: 'Russia',
    fullName: 'Russian Federation',
    geoId: '101728296',
    locale: 'ru',
    weight: 3,
    phonePrefix: '+7',
    languages: ['Russian', 'English'],
    tld: '.ru',
    emailProviders: ['mail.ru', 'yandex.ru'],
    cities: [
      ['Moscow', 'MOW', 'Moscow', 55.7558, 37.6173],
      ['Saint Petersburg', 'SPE', 'Saint Petersburg', 59.9311, 30.3609],
    ],
  },
  {
    code: 'NL',
    iso3: 'NLD',
    name: 'Netherlands',
    fullName: 'Netherlands',
    geoId: '102890719',
    locale: 'nl',
    weight: 3,
    phonePrefix: '+31',
    languages: ['Dutch', 'English'],
    tld: '.nl',
    emailProviders: ['ziggo.nl'],
    cities: [
      ['Amsterdam', 'NH', 'North Holland', 52.3676, 4.9041],
      ['Rotterdam', 'ZH', 'South Holland', 51.9244, 4.4777],
    ],
  },
  {
    code: 'SG',
    iso3: 'SGP',
    name: 'Singapore',
    fullName: 'Singapore',
    geoId: '102454443',
    locale: 'en',
    weight: 2,
    phonePrefix: '+65',
    languages: ['English', 'Chinese', 'Malay'],
    tld: '.sg',
    emailProviders: ['singnet.com.sg'],
    cities: [['Singapore', null, null, 1.3521, 103.8198]],
  },
  {
    code: 'IE',
    iso3: 'IRL',
    name: 'Ireland',
    fullName: 'Ireland',
    geoId: '104738515',
    locale: 'en',
    weight: 2,
    phonePrefix: '+353',
    languages: ['English', 'Irish'],
    tld: '.ie',
    emailProviders: ['eircom.net'],
    cities: [['Dublin', 'D', 'County Dublin', 53.3498, -6.2603]],
  },
];

export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map(country);

export const COUNTRY_BY_CODE: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((c) => [c.code, c]));

/**
 * Relative pay by country (United States = 1), for the salary estimates. Rough, and only meant to
 * make estimates differ plausibly between an engineer in Austin and one in Pune.
 */
export const SALARY_INDEX: Readonly<Record<string, number>> = {
  US: 1,
  CA: 0.8,
  GB: 0.8,
  IE: 0.8,
  DE: 0.85,
  NL: 0.8,
  FR: 0.7,
  ES: 0.55,
  AU: 0.85,
  SG: 0.85,
  JP: 0.7,
  CN: 0.45,
  IN: 0.25,
  BR: 0.3,
  MX: 0.3,
  RU: 0.35,
};

/** Mail providers anyone may use. */
export const GLOBAL_EMAIL_PROVIDERS = [
  'gmail.com',
  'outlook.com',
  'yahoo.com',
  'hotmail.com',
  'icloud.com',
  'proton.me',
];

/** Second languages people pick up, beside their country's. */
export const SECOND_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Chinese',
  'Japanese',
  'Portuguese',
  'Italian',
];

/** The proficiency values of `languages_and_proficiencies` (the spec shows the first and the last). */
export const PROFICIENCIES = [
  'NATIVE_OR_BILINGUAL',
  'FULL_PROFESSIONAL',
  'PROFESSIONAL_WORKING',
  'LIMITED_WORKING',
  'ELEMENTARY',
] as const;

// ---------------------------------------------------------------------------------------------
// Companies

/** The spec's `company_type` values for companies. */
export const COMPANY_TYPES = [
  'EDUCATIONAL',
  'GOVERNMENT_AGENCY',
  'NON_PROFIT',
  'PARTNERSHIP',
  'PRIVATELY_HELD',
  'PUBLIC_COMPANY',
  'SELF_EMPLOYED',
  'SELF_OWNED',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const COMPANY_TYPE_WEIGHTS: readonly (readonly [CompanyType, number])[] = [
  ['PRIVATELY_HELD', 55],
  ['PUBLIC_COMPANY', 12],
  ['NON_PROFIT', 8],
  ['PARTNERSHIP', 6],
  ['GOVERNMENT_AGENCY', 5],
  ['EDUCATIONAL', 5],
  ['SELF_OWNED', 5],
  ['SELF_EMPLOYED', 4],
];

/** The network's company size bands, `[lower, upper]` (upper null: open-ended), with their share. */
export const COMPANY_SIZE_BANDS: readonly (readonly [readonly [number, number | null], number])[] = [
  [[1, 10], 15],
  [[11, 50], 25],
  [[51, 200], 22],
  [[201, 500], 13],
  [[501, 1000], 9],
  [[1001, 5000], 9],
  [[5001, 10000], 4],
  [[10001, null], 3],
];

/** The school profile's `company_type` (the spec's school example). */
export const SCHOOL_COMPANY_TYPE = 'EDUCATIONAL_INSTITUTION';

export interface Industry {
  name: string;
  /** Lower-case specialities, as the network shows them. */
  specialities: readonly string[];
  /** Industries the network infers beside the primary one (the `industry` filter includes them). */
  related: readonly string[];
  weight: number;
}

export const INDUSTRIES: readonly Industry[] = [
  {
    name: 'Software Development',
    weight: 16,
    related: ['Technology, Information and Internet', 'IT Services and IT Consulting'],
    specialities: [
      'saas',
      'cloud computing',
      'software',
      'mobile apps',
      'api',
      'devops',
      'machine learning',
      'cybersecurity',
      'developer tools',
      'data platform',
    ],
  },
  {
    name: 'IT Services and IT Consulting',
    weight: 10,
    related: ['Software Development', 'Business Consulting and Services'],
    specialities: [
      'it consulting',
      'managed services',
      'cloud migration',
      'digital transformation',
      'system integration',
      'erp',
      'cybersecurity',
      'outsourcing',
    ],
  },
  {
    name: 'Technology, Information and Internet',
    weight: 6,
    related: ['Software Development'],
    specialities: [
      'internet',
      'social media',
      'search',
      'online marketplace',
      'data',
      'advertising technology',
    ],
  },
  {
    name: 'Financial Services',
    weight: 7,
    related: ['Banking', 'Software Development'],
    specialities: [
      'payments',
      'fintech',
      'wealth management',
      'lending',
      'risk management',
      'compliance',
      'insurance',
    ],
  },
  {
    name: 'Banking',
    weight: 3,
    related: ['Financial Services'],
    specialities: ['retail banking', 'corporate banking', 'mortgages', 'wealth management', 'payments'],
  },
  {
    name: 'Insurance',
    weight: 3,
    related: ['Financial Services'],
    specialities: ['insurtech', 'underwriting', 'claims', 'life insurance', 'property and casualty'],
  },
  {
    name: 'Hospitals and Health Care',
    weight: 6,
    related: ['Wellness and Fitness Services'],
    specialities: [
      'patient care',
      'telehealth',
      'diagnostics',
      'clinical services',
      'health it',
      'primary care',
    ],
  },
  {
    name: 'Pharmaceutical Manufacturing',
    weight: 3,
    related: ['Biotechnology Research'],
    specialities: [
      'drug discovery',
      'clinical trials',
      'biologics',
      'oncology',
      'vaccines',
      'regulatory affairs',
    ],
  },
  {
    name: 'Biotechnology Research',
    weight: 2,
    related: ['Pharmaceutical Manufacturing', 'Research Services'],
    specialities: ['genomics', 'drug discovery', 'synthetic biology', 'bioinformatics', 'cell therapy'],
  },
  {
    name: 'Retail',
    weight: 5,
    related: ['Technology, Information and Internet'],
    specialities: [
      'e-commerce',
      'omnichannel',
      'consumer goods',
      'fashion',
      'supply chain',
      'loyalty programs',
    ],
  },
  {
    name: 'Advertising Services',
    weight: 3,
    related: ['Marketing Services'],
    specialities: [
      'digital advertising',
      'programmatic',
      'brand strategy',
      'creative',
      'media buying',
      'performance marketing',
    ],
  },
  {
    name: 'Marketing Services',
    weight: 3,
    related: ['Advertising Services'],
    specialities: [
      'content marketing',
      'seo',
      'social media',
      'marketing automation',
      'brand strategy',
      'public relations',
    ],
  },
  {
    name: 'Business Consulting and Services',
    weight: 5,
    related: ['IT Services and IT Consulting'],
    specialities: [
      'strategy consulting',
      'operations',
      'change management',
      'digital transformation',
      'm&a advisory',
    ],
  },
  {
    name: 'Staffing and Recruiting',
    weight: 3,
    related: ['Human Resources Services'],
    specialities: [
      'recruitment',
      'executive search',
      'talent acquisition',
      'contract staffing',
      'hr consulting',
    ],
  },
  {
    name: 'Human Resources Services',
    weight: 2,
    related: ['Staffing and Recruiting', 'Software Development'],
    specialities: ['hr software', 'payroll', 'benefits', 'people analytics', 'employee engagement'],
  },
  {
    name: 'Telecommunications',
    weight: 2,
    related: ['Technology, Information and Internet'],
    specialities: ['5g', 'broadband', 'network infrastructure', 'iot', 'mobile services'],
  },
  {
    name: 'Computer Hardware Manufacturing',
    weight: 2,
    related: ['Software Development'],
    specialities: ['semiconductors', 'embedded systems', 'iot devices', 'hardware design', 'manufacturing'],
  },
  {
    name: 'Real Estate',
    weight: 2,
    related: ['Construction'],
    specialities: [
      'property management',
      'commercial real estate',
      'residential',
      'proptech',
      'real estate investment',
    ],
  },
  {
    name: 'Construction',
    weight: 2,
    related: ['Real Estate'],
    specialities: [
      'civil engineering',
      'project management',
      'infrastructure',
      'sustainable building',
      'general contracting',
    ],
  },
  {
    name: 'Venture Capital and Private Equity Principals',
    weight: 1,
    related: ['Financial Services'],
    specialities: ['venture capital', 'seed investing', 'growth equity', 'fintech', 'saas'],
  },
  {
    name: 'Government Administration',
    weight: 2,
    related: [],
    specialities: ['public policy', 'public services', 'digital government', 'regulation'],
  },
  {
    name: 'Non-profit Organizations',
    weight: 2,
    related: [],
    specialities: ['community development', 'education', 'fundraising', 'advocacy', 'sustainability'],
  },
  {
    name: 'Entertainment Providers',
    weight: 2,
    related: ['Technology, Information and Internet'],
    specialities: ['streaming', 'film production', 'music', 'live events', 'gaming'],
  },
  {
    name: 'Computer Games',
    weight: 1,
    related: ['Entertainment Providers', 'Software Development'],
    specialities: ['game development', 'mobile games', 'esports', 'game design', 'unity'],
  },
  {
    name: 'E-Learning Providers',
    weight: 2,
    related: ['Software Development'],
    specialities: ['online courses', 'edtech', 'corporate training', 'learning platform', 'certifications'],
  },
  {
    name: 'Research Services',
    weight: 1,
    related: [],
    specialities: ['market research', 'r&d', 'data analysis', 'consulting', 'scientific research'],
  },
  {
    name: 'Utilities',
    weight: 1,
    related: ['Environmental Services'],
    specialities: ['renewable energy', 'solar', 'wind power', 'energy storage', 'smart grid'],
  },
  {
    name: 'Environmental Services',
    weight: 1,
    related: ['Utilities'],
    specialities: ['sustainability', 'recycling', 'climate tech', 'environmental consulting'],
  },
  {
    name: 'Transportation, Logistics, Supply Chain and Storage',
    weight: 3,
    related: [],
    specialities: ['logistics', 'freight', 'last-mile delivery', 'warehousing', 'supply chain'],
  },
  {
    name: 'Food and Beverage Services',
    weight: 2,
    related: ['Hospitality'],
    specialities: ['restaurants', 'food delivery', 'catering', 'beverages'],
  },
  {
    name: 'Hospitality',
    weight: 1,
    related: ['Food and Beverage Services'],
    specialities: ['hotels', 'travel', 'tourism', 'events'],
  },
  {
    name: 'Legal Services',
    weight: 2,
    related: [],
    specialities: ['corporate law', 'litigation', 'intellectual property', 'compliance', 'legal tech'],
  },
  {
    name: 'Accounting',
    weight: 2,
    related: ['Financial Services'],
    specialities: ['audit', 'tax', 'advisory', 'bookkeeping', 'financial reporting'],
  },
  {
    name: 'Design Services',
    weight: 1,
    related: ['Marketing Services'],
    specialities: ['branding', 'ux design', 'product design', 'graphic design', 'web design'],
  },
  {
    name: 'Motor Vehicle Manufacturing',
    weight: 1,
    related: [],
    specialities: ['electric vehicles', 'autonomous driving', 'automotive', 'mobility'],
  },
  {
    name: 'Wellness and Fitness Services',
    weight: 1,
    related: ['Hospitals and Health Care'],
    specialities: ['fitness', 'wellness', 'nutrition', 'mental health', 'personal training'],
  },
];

/** Categories of the optional `categories` block, derived from specialities (bizdata's slug style). */
export function categoryOf(speciality: string): string {
  return speciality.replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-');
}

/** Funding rounds in the order companies raise them, with the range of a round's size in USD. */
export const FUNDING_ROUNDS: readonly (readonly [type: string, low: number, high: number])[] = [
  ['Pre Seed', 200_000, 1_000_000],
  ['Seed', 500_000, 3_000_000],
  ['Series A', 3_000_000, 15_000_000],
  ['Series B', 10_000_000, 50_000_000],
  ['Series C', 30_000_000, 120_000_000],
  ['Series D', 80_000_000, 300_000_000],
];

export const INVESTOR_FIRMS = [
  'Northwind Ventures',
  'Blue Harbor Capital',
  'Summit Peak Partners',
  'Foundry Lane Ventures',
  'Atlas Growth Equity',
  'Red Maple Capital',
  'Kestrel Ventures',
  'Lighthouse Seed Fund',
  'Granite Bridge Partners',
  'Orbit Capital',
];

// ---------------------------------------------------------------------------------------------
// Career tracks: what people do, and the titles, skills and studies that go with it

/** Seniority of a title, from the most junior. Maps to the job search's `experience_level`. */
export type Level = 0 | 1 | 2 | 3 | 4 | 5;

export const SENIORITY_LABELS: Readonly<Record<Level, string>> = {
  0: 'Entry level',
  1: 'Associate',
  2: 'Mid-Senior level',
  3: 'Mid-Senior level',
  4: 'Director',
  5: 'Executive',
};

export interface CareerTrack {
  id: string;
  /** The job function, as job profiles list it. */
  jobFunction: string;
  weight: number;
  titles: readonly (readonly [title: string, level: Level])[];
  /** Title of an internship on this track, if there are any. */
  internTitle: string | null;
  skills: readonly string[];
  fieldsOfStudy: readonly string[];
  /** Industries whose companies employ this track; null: any industry. */
  industries: readonly string[] | null;
  /** Phrases completing "I focus on ...". */
  focus: readonly string[];
  /** Phrases completing "where I ...", for the current role. */
  duties: readonly string[];
  groups: readonly string[];
  certifications: readonly (readonly [name: string, authority: string])[];
  /** Share of people on the track with a code-host account. */
  codehostShare: number;
}

export const CAREER_TRACKS: readonly CareerTrack[] = [
  {
    id: 'engineering',
    jobFunction: 'Engineering',
    weight: 18,
    codehostShare: 0.7,
    titles: [
      ['Junior Software Engineer', 0],
      ['Software Engineer', 1],
      ['Frontend Engineer', 1],
      ['Backend Engineer', 1],
      ['Full Stack Developer', 1],
      ['Mobile Developer', 1],
      ['QA Engineer', 1],
      ['Senior Software Engineer', 2],
      ['DevOps Engineer', 2],
      ['Site Reliability Engineer', 2],
      ['Staff Software Engineer', 3],
      ['Engineering Manager', 3],
      ['Principal Engineer', 4],
      ['Director of Engineering', 4],
      ['VP of Engineering', 5],
      ['Chief Technology Officer', 5],
    ],
    internTitle: 'Software Engineering Intern',
    skills: [
      'JavaScript',
      'TypeScript',
      'Python',
      'Java',
      'Go',
      'Rust',
      'C++',
      'C#',
      'Kubernetes',
      'Docker',
      'Amazon Web Services (AWS)',
      'Google Cloud Platform (GCP)',
      'Microsoft Azure',
      'React.js',
      'Node.js',
      'PostgreSQL',
      'GraphQL',
      'Microservices',
      'CI/CD',
      'Linux',
      'Terraform',
      'Distributed Systems',
    ],
    fieldsOfStudy: [
      'Computer Science',
      'Software Engineering',
      'Electrical Engineering',
      'Mathematics',
      'Information Technology',
    ],
    industries: null,
    focus: [
      'building reliable distributed systems',
      'developer productivity and clean architecture',
      'scaling backend services',
      'fast, accessible web applications',
      'cloud infrastructure and automation',
    ],
    duties: [
      'build the services behind our core product',
      'lead a team of engineers',
      'work on our platform infrastructure',
      'ship features across the stack',
    ],
    groups: [
      'JavaScript Developers',
      'Python Developers Community',
      'Cloud Native Computing',
      'DevOps Community',
      'Women in Tech',
    ],
    certifications: [
      ['AWS Certified Solutions Architect – Associate', 'Amazon Web Services (AWS)'],
      ['Certified Kubernetes Administrator (CKA)', 'The Linux Foundation'],
      ['Professional Cloud Developer', 'Google Cloud'],
      ['Microsoft Certified: Azure Developer Associate', 'Microsoft'],
    ],
  },
  {
    id: 'data',
    jobFunction: 'Information Technology',
    weight: 6,
    codehostShare: 0.55,
    titles: [
      ['Junior Data Analyst', 0],
      ['Data Analyst', 1],
      ['Data Engineer', 1],
      ['Data Scientist', 2],
      ['Machine Learning Engineer', 2],
      ['Senior Data Scientist', 2],
      ['Analytics Manager', 3],
      ['Lead Data Scientist', 3],
      ['Head of Data', 4],
      ['Chief Data Officer', 5],
    ],
    internTitle: 'Data Science Intern',
    skills: [
      'Python',
      'SQL',
      'Machine Learning',
      'Deep Learning',
      'TensorFlow',
      'PyTorch',
      'Statistics',
      'Tableau',
      'Power BI',
      'Apache Spark',
      'R',
      'Data Visualization',
      'Natural Language Processing (NLP)',
      'dbt',
      'Snowflake',
    ],
    fieldsOfStudy: ['Statistics', 'Computer Science', 'Mathematics', 'Physics', 'Data Science', 'Economics'],
    industries: null,
    focus: [
      'turning messy data into decisions',
      'machine learning in production',
      'experimentation and causal inference',
      'data platforms that scale',
    ],
    duties: [
      'build models that power our recommendations',
      'run the analytics team',
      'own the data warehouse',
    ],
    groups: ['Data Science Central', 'Machine Learning & AI', 'Big Data and Analytics'],
    certifications: [
      ['Professional Data Engineer', 'Google Cloud'],
      ['Tableau Desktop Specialist', 'Tableau'],
      ['TensorFlow Developer Certificate', 'TensorFlow'],
    ],
  },
  {
    id: 'product',
    jobFunction: 'Product Management',
    weight: 5,
    codehostShare: 0.1,
    titles: [
      ['Associate Product Manager', 0],
      ['Product Owner', 1],
      ['Product Manager', 2],
      ['Senior Product Manager', 2],
      ['Group Product Manager', 3],
      ['Director of Product', 4],
      ['VP of Product', 5],
      ['Chief Product Officer', 5],
    ],
    internTitle: 'Product Management Intern',
    skills: [
      'Product Management',
      'Agile Methodologies',
      'Scrum',
      'User Research',
      'Product Strategy',
      'A/B Testing',
      'Jira',
      'Stakeholder Management',
      'Roadmapping',
      'SQL',
      'Go-to-Market Strategy',
    ],
    fieldsOfStudy: ['Business Administration', 'Computer Science', 'Economics', 'Industrial Engineering'],
    industries: null,
    focus: ['products people love to use', 'turning customer problems into roadmaps', 'product-led growth'],
    duties: ['lead product for our core platform', 'own the mobile experience', 'drive the product roadmap'],
    groups: ['Product Management Network', 'Mind the Product', 'Startup Founders'],
    certifications: [
      ['Professional Scrum Product Owner I (PSPO I)', 'Scrum.org'],
      ['Certified ScrumMaster (CSM)', 'Scrum Alliance'],
    ],
  },
  {
    id: 'design',
    jobFunction: 'Design',
    weight: 3,
    codehostShare: 0.15,
    titles: [
      ['Junior Designer', 0],
      ['UI Designer', 1],
      ['UX Designer', 1],
      ['Graphic Designer', 1],
      ['Product Designer', 2],
      ['Senior Product Designer', 2],
      ['Design Lead', 3],
      ['Head of Design', 4],
      ['VP of Design', 5],
    ],
    internTitle: 'Design Intern',
    skills: [
      'Figma',
      'User Experience (UX)',
      'Interaction Design',
      'Prototyping',
      'Design Systems',
      'Adobe Photoshop',
      'Adobe Illustrator',
      'Usability Testing',
      'User Interface Design',
      'Wireframing',
    ],
    fieldsOfStudy: ['Graphic Design', 'Human-Computer Interaction', 'Fine Arts', 'Industrial Design'],
    industries: null,
    focus: ['simple, accessible interfaces', 'design systems', 'research-led product design'],
    duties: ['design our customer-facing apps', 'run the design system', 'lead the design team'],
    groups: ['UX Design Community', 'Design Systems Coalition', 'Women in Tech'],
    certifications: [
      ['Google UX Design Certificate', 'Google'],
      ['Certified Usability Analyst (CUA)', 'Human Factors International'],
    ],
  },
  {
    id: 'sales',
    jobFunction: 'Sales',
    weight: 10,
    codehostShare: 0.02,
    titles: [
      ['Sales Development Representative', 0],
      ['Business Development Representative', 0],
      ['Account Executive', 1],
      ['Inside Sales Representative', 1],
      ['Senior Account Executive', 2],
      ['Key Account Manager', 2],
      ['Business Development Manager', 2],
      ['Sales Manager', 3],
      ['Regional Sales Director', 4],
      ['VP of Sales', 5],
      ['Chief Revenue Officer', 5],
    ],
    internTitle: 'Sales Intern',
    skills: [
      'Salesforce',
      'B2B Sales',
      'Negotiation',
      'Lead Generation',
      'Account Management',
      'Cold Calling',
      'CRM',
      'SaaS',
      'Solution Selling',
      'Sales Strategy',
      'Business Development',
    ],
    fieldsOfStudy: ['Business Administration', 'Marketing', 'Communications', 'Economics'],
    industries: null,
    focus: ['building long-term customer relationships', 'growing new markets', 'consultative selling'],
    duties: ['lead enterprise sales for the region', 'open new accounts', 'run the sales team'],
    groups: ['Sales Leaders Forum', 'B2B Sales Professionals', 'SaaS Sales Network'],
    certifications: [
      ['Salesforce Certified Administrator', 'Salesforce'],
      ['HubSpot Sales Software Certification', 'HubSpot Academy'],
    ],
  },
  {
    id: 'marketing',
    jobFunction: 'Marketing',
    weight: 8,
    codehostShare: 0.03,
    titles: [
      ['Marketing Coordinator', 0],
      ['Social Media Manager', 1],
      ['SEO Specialist', 1],
      ['Digital Marketing Specialist', 1],
      ['Content Strategist', 2],
      ['Marketing Manager', 2],
      ['Product Marketing Manager', 2],
      ['Growth Marketing Manager', 2],
      ['Brand Manager', 3],
      ['Head of Marketing', 4],
      ['Chief Marketing Officer', 5],
    ],
    internTitle: 'Marketing Intern',
    skills: [
      'Digital Marketing',
      'Search Engine Optimization (SEO)',
      'Content Marketing',
      'Google Analytics',
      'Social Media Marketing',
      'Marketing Automation',
      'HubSpot',
      'Copywriting',
      'Brand Management',
      'Email Marketing',
    ],
    fieldsOfStudy: ['Marketing', 'Communications', 'Journalism', 'Business Administration'],
    industries: null,
    focus: ['brands with a clear voice', 'data-driven growth marketing', 'content that earns attention'],
    duties: ['lead marketing for our product launches', 'run content and SEO', 'own demand generation'],
    groups: ['Digital Marketing Professionals', 'Content Marketing Institute', 'Growth Hackers'],
    certifications: [
      ['Google Analytics Certification', 'Google'],
      ['Inbound Marketing Certification', 'HubSpot Academy'],
    ],
  },
  {
    id: 'finance',
    jobFunction: 'Finance',
    weight: 7,
    codehostShare: 0.03,
    titles: [
      ['Junior Accountant', 0],
      ['Financial Analyst', 1],
      ['Accountant', 1],
      ['Auditor', 1],
      ['Senior Financial Analyst', 2],
      ['Investment Analyst', 2],
      ['Finance Manager', 3],
      ['Controller', 3],
      ['Treasury Manager', 3],
      ['Finance Director', 4],
      ['Chief Financial Officer', 5],
    ],
    internTitle: 'Finance Intern',
    skills: [
      'Financial Modeling',
      'Accounting',
      'Microsoft Excel',
      'Budgeting',
      'Forecasting',
      'Financial Reporting',
      'IFRS',
      'US GAAP',
      'Valuation',
      'SAP',
      'Corporate Finance',
    ],
    fieldsOfStudy: ['Finance', 'Accounting', 'Economics', 'Business Administration'],
    industries: null,
    focus: ['financial planning that supports growth', 'clean books and fast closes', 'capital allocation'],
    duties: [
      'lead financial planning and analysis',
      'run the monthly close',
      'manage treasury and reporting',
    ],
    groups: ['Finance Professionals Worldwide', 'CFO Network', 'Accounting & Audit Professionals'],
    certifications: [
      ['CFA Level I', 'CFA Institute'],
      ['Certified Public Accountant (CPA)', 'AICPA'],
      ['Financial Modeling & Valuation Analyst (FMVA)', 'Corporate Finance Institute'],
    ],
  },
  {
    id: 'people',
    jobFunction: 'Human Resources',
    weight: 4,
    codehostShare: 0.01,
    titles: [
      ['HR Coordinator', 0],
      ['Recruiter', 1],
      ['Technical Recruiter', 1],
      ['People Operations Specialist', 1],
      ['HR Business Partner', 2],
      ['Talent Acquisition Manager', 3],
      ['HR Manager', 3],
      ['Head of People', 4],
      ['Chief People Officer', 5],
    ],
    internTitle: 'HR Intern',
    skills: [
      'Recruiting',
      'Talent Acquisition',
      'Employee Relations',
      'Onboarding',
      'HRIS',
      'Performance Management',
      'Compensation and Benefits',
      'Employer Branding',
      'Sourcing',
    ],
    fieldsOfStudy: ['Psychology', 'Human Resources Management', 'Sociology', 'Business Administration'],
    industries: null,
    focus: ['hiring great teams', 'workplaces people want to stay in', 'fair and transparent compensation'],
    duties: [
      'lead hiring for engineering',
      'partner with leadership on people strategy',
      'run people operations',
    ],
    groups: [
      'HR Professionals Network',
      'Talent Acquisition Leaders',
      'Diversity & Inclusion in the Workplace',
    ],
    certifications: [
      ['SHRM Certified Professional (SHRM-CP)', 'SHRM'],
      ['Professional in Human Resources (PHR)', 'HRCI'],
    ],
  },
  {
    id: 'operations',
    jobFunction: 'Operations',
    weight: 7,
    codehostShare: 0.03,
    titles: [
      ['Operations Coordinator', 0],
      ['Logistics Coordinator', 0],
      ['Business Analyst', 1],
      ['Project Manager', 2],
      ['Operations Manager', 2],
      ['Supply Chain Manager', 3],
      ['Program Manager', 3],
      ['Director of Operations', 4],
      ['Chief Operating Officer', 5],
    ],
    internTitle: 'Operations Intern',
    skills: [
      'Project Management',
      'Operations Management',
      'Supply Chain Management',
      'Lean Six Sigma',
      'Process Improvement',
      'Logistics',
      'Vendor Management',
      'Microsoft Excel',
      'Change Management',
    ],
    fieldsOfStudy: [
      'Industrial Engineering',
      'Supply Chain Management',
      'Business Administration',
      'Logistics',
    ],
    industries: null,
    focus: ['operations that run like clockwork', 'lean processes', 'resilient supply chains'],
    duties: [
      'run operations for the region',
      'lead our largest delivery programme',
      'manage the supply chain',
    ],
    groups: ['Supply Chain Professionals', 'Project Management Institute Members', 'Lean Six Sigma Network'],
    certifications: [
      ['Project Management Professional (PMP)', 'Project Management Institute'],
      ['Lean Six Sigma Green Belt', 'IASSC'],
    ],
  },
  {
    id: 'healthcare',
    jobFunction: 'Health Care Provider',
    weight: 5,
    codehostShare: 0.01,
    titles: [
      ['Medical Assistant', 0],
      ['Registered Nurse', 1],
      ['Pharmacist', 2],
      ['Physical Therapist', 2],
      ['Clinical Research Associate', 2],
      ['Physician', 3],
      ['Nurse Manager', 3],
      ['Healthcare Administrator', 3],
      ['Medical Director', 4],
      ['Chief Medical Officer', 5],
    ],
    internTitle: null,
    skills: [
      'Patient Care',
      'Clinical Research',
      'Healthcare Management',
      'Electronic Medical Record (EMR)',
      'Nursing',
      'Pharmacology',
      'Good Clinical Practice (GCP)',
      'Medical Devices',
      'Public Health',
    ],
    fieldsOfStudy: ['Nursing', 'Medicine', 'Pharmacy', 'Biology', 'Public Health'],
    industries: [
      'Hospitals and Health Care',
      'Pharmaceutical Manufacturing',
      'Biotechnology Research',
      'Wellness and Fitness Services',
    ],
    focus: ['patient-centred care', 'evidence-based medicine', 'better outcomes through research'],
    duties: [
      'care for patients in the cardiology unit',
      'lead clinical trials',
      'manage the outpatient clinic',
    ],
    groups: ['Healthcare Innovation', 'Nursing Professionals', 'Clinical Research Network'],
    certifications: [
      ['Basic Life Support (BLS)', 'American Heart Association'],
      ['Good Clinical Practice', 'NIDA Clinical Trials Network'],
    ],
  },
  {
    id: 'education',
    jobFunction: 'Education',
    weight: 3,
    codehostShare: 0.1,
    titles: [
      ['Teaching Assistant', 0],
      ['Teacher', 1],
      ['Curriculum Developer', 1],
      ['Lecturer', 2],
      ['Research Scientist', 2],
      ['Postdoctoral Researcher', 2],
      ['Professor', 3],
      ['Head of Department', 4],
      ['Dean', 5],
    ],
    internTitle: null,
    skills: [
      'Teaching',
      'Curriculum Development',
      'Research',
      'Academic Writing',
      'Public Speaking',
      'Higher Education',
      'E-Learning',
      'Mentoring',
      'Grant Writing',
    ],
    fieldsOfStudy: ['Education', 'History', 'English Literature', 'Biology', 'Physics', 'Mathematics'],
    industries: [
      'E-Learning Providers',
      'Research Services',
      'Non-profit Organizations',
      'Government Administration',
    ],
    focus: ['learning that sticks', 'open research', 'mentoring the next generation'],
    duties: ['teach and develop our online courses', 'lead a research group', 'design the curriculum'],
    groups: ['Higher Education Teaching and Learning', 'EdTech Innovators', 'Researchers Network'],
    certifications: [
      ['Teaching English as a Foreign Language (TEFL)', 'TEFL Org'],
      ['Fellowship of the Higher Education Academy', 'Advance HE'],
    ],
  },
  {
    id: 'legal',
    jobFunction: 'Legal',
    weight: 2,
    codehostShare: 0.01,
    titles: [
      ['Paralegal', 0],
      ['Legal Assistant', 0],
      ['Associate Attorney', 1],
      ['Legal Counsel', 2],
      ['Compliance Manager', 2],
      ['Senior Legal Counsel', 3],
      ['Partner', 4],
      ['General Counsel', 5],
    ],
    internTitle: 'Legal Intern',
    skills: [
      'Contract Negotiation',
      'Corporate Law',
      'Compliance',
      'Litigation',
      'Legal Research',
      'Intellectual Property',
      'GDPR',
      'Mergers & Acquisitions',
    ],
    fieldsOfStudy: ['Law', 'Political Science', 'International Relations'],
    industries: null,
    focus: ['pragmatic legal advice', 'privacy and data protection', 'commercial contracts'],
    duties: ['lead commercial legal', 'advise on privacy and compliance', 'manage litigation'],
    groups: ['Legal Professionals Network', 'In-house Counsel Community', 'Privacy Professionals'],
    certifications: [['Certified Information Privacy Professional/Europe (CIPP/E)', 'IAPP']],
  },
  {
    id: 'founders',
    jobFunction: 'Management',
    weight: 4,
    codehostShare: 0.2,
    titles: [
      ['Advisor', 2],
      ['Board Member', 3],
      ['Managing Director', 4],
      ['Co-Founder', 4],
      ['Founder', 5],
      ['Chief Executive Officer', 5],
      ['President', 5],
    ],
    internTitle: null,
    skills: [
      'Leadership',
      'Strategy',
      'Entrepreneurship',
      'Fundraising',
      'Business Strategy',
      'Start-ups',
      'Team Building',
      'Strategic Partnerships',
      'Public Speaking',
    ],
    fieldsOfStudy: ['Business Administration', 'Economics', 'Computer Science', 'Engineering'],
    industries: null,
    focus: ['building companies from zero to one', 'long-term thinking', 'teams that outgrow their founders'],
    duties: ['lead the company', 'set our strategy and raise capital', 'build the founding team'],
    groups: ['Startup Founders', 'Entrepreneurs Network', 'Venture Capital & Private Equity'],
    certifications: [],
  },
  {
    id: 'support',
    jobFunction: 'Customer Service',
    weight: 5,
    codehostShare: 0.05,
    titles: [
      ['Customer Support Specialist', 0],
      ['Technical Support Engineer', 1],
      ['Customer Success Manager', 2],
      ['Client Services Manager', 2],
      ['Senior Customer Success Manager', 3],
      ['Head of Customer Success', 4],
      ['VP of Customer Success', 5],
    ],
    internTitle: null,
    skills: [
      'Customer Success',
      'Customer Service',
      'Zendesk',
      'Customer Retention',
      'Onboarding',
      'SaaS',
      'Technical Support',
      'Communication',
      'Account Management',
    ],
    fieldsOfStudy: ['Communications', 'Psychology', 'Business Administration'],
    industries: null,
    focus: ['customers who stay because they want to', 'support that scales', 'onboarding that works'],
    duties: [
      'lead customer success for enterprise accounts',
      'run the support team',
      'onboard our largest customers',
    ],
    groups: ['Customer Success Association', 'Support Driven', 'SaaS Customer Success'],
    certifications: [['Certified Customer Success Manager (CCSM)', 'SuccessCOACHING']],
  },
];

export const DEGREES: readonly (readonly [degree: string, kind: 'bachelor' | 'master' | 'doctorate'])[] = [
  ['Bachelor of Science - BS', 'bachelor'],
  ['Bachelor of Arts - BA', 'bachelor'],
  ['Bachelor of Engineering - BE', 'bachelor'],
  ['Bachelor of Business Administration - BBA', 'bachelor'],
  ['Master of Science - MS', 'master'],
  ['Master of Business Administration - MBA', 'master'],
  ['Master of Arts - MA', 'master'],
  ['Doctor of Philosophy - PhD', 'doctorate'],
];

export const INTERESTS = [
  'Artificial Intelligence',
  'Climate Change',
  'Open Source',
  'Photography',
  'Running',
  'Cycling',
  'Travel',
  'Cooking',
  'Startups',
  'Venture Capital',
  'Sustainability',
  'Mentoring',
  'Public Speaking',
  'Chess',
  'Music',
  'Hiking',
  'Reading',
  'Volunteering',
  'Blockchain',
  'Education',
  'Diversity and Inclusion',
  'Mental Health',
  'Yoga',
  'Football',
  'Basketball',
  'Video Games',
  'Film',
  'Design',
  'Investing',
  'Entrepreneurship',
];

export const GENERAL_GROUPS = [
  'Remote Work Professionals',
  'Future of Work',
  'Tech Leaders Forum',
  'Alumni Network',
];

export const VOLUNTEER_CAUSES = [
  'Education',
  'Environment',
  'Health',
  'Social Services',
  'Children',
  'Science and Technology',
];

// ---------------------------------------------------------------------------------------------
// Jobs

/** Job search's `job_type` values (lower case) and the `employment_type` a job profile shows. */
export const JOB_TYPES: readonly (readonly [jobType: string, employmentType: string, weight: number])[] = [
  ['full-time', 'Full-time', 70],
  ['part-time', 'Part-time', 8],
  ['contract', 'Contract', 10],
  ['internship', 'Internship', 5],
  ['temporary', 'Temporary', 5],
  ['volunteer', 'Volunteer', 2],
];

/** Job search's `experience_level` for a title's level. */
export const EXPERIENCE_LEVEL_OF: Readonly<Record<Level, string>> = {
  0: 'entry_level',
  1: 'associate',
  2: 'mid_senior_level',
  3: 'mid_senior_level',
  4: 'director',
  5: 'director',
};

export const FLEXIBILITIES: readonly (readonly [string, number])[] = [
  ['on-site', 50],
  ['hybrid', 30],
  ['remote', 20],
];

// ---------------------------------------------------------------------------------------------
// Schools

/** Patterns of school names per country; `{city}` and `{name}` (a surname) are filled in. */
export const SCHOOL_NAME_PATTERNS: Readonly<Record<string, readonly string[]>> = {
  US: [
    'University of {city}',
    '{city} State University',
    '{name} College',
    '{name} University',
    '{state} Institute of Technology',
  ],
  GB: [
    'University of {city}',
    '{city} Metropolitan University',
    "King's College {city}",
    '{name} College',
    '{name} University',
  ],
  DE: [
    'Technische Universität {city}',
    'Universität {city}',
    'Hochschule {city}',
    '{name}-Universität {city}',
  ],
  FR: [
    'Université de {city}',
    'École Supérieure de Commerce de {city}',
    'Université {name}',
    'Institut {name}',
  ],
  ES: ['Universidad de {city}', 'Universidad Politécnica de {city}', 'Universidad {name}'],
  MX: ['Universidad Autónoma de {city}', 'Instituto Tecnológico de {city}', 'Universidad {name}'],
  BR: ['Universidade de {city}', 'Universidade Federal de {city}', 'Universidade {name}'],
  IN: [
    'Indian Institute of Technology {city}',
    'National Institute of Technology {city}',
    '{city} University',
    '{name} Institute of Management',
    '{name} College of Engineering',
  ],
  CN: [
    '{city} University',
    '{city} University of Technology',
    '{city} Normal University',
    '{city} University of Finance and Economics',
  ],
  JP: [
    'University of {city}',
    '{city} Institute of Technology',
    '{city} Metropolitan University',
    '{city} University of Foreign Studies',
  ],
  RU: [
    '{city} State University',
    '{city} Polytechnic University',
    '{city} State Technical University',
    'Higher School of Economics, {city}',
  ],
  default: [
    'University of {city}',
    '{city} Institute of Technology',
    '{city} School of Business',
    '{name} University',
    '{name} College',
  ],
};

export const SCHOOL_SPECIALITIES = [
  'education',
  'research',
  'innovation',
  'entrepreneurship',
  'sciences',
  'engineering',
  'business',
  'medicine',
  'humanities',
  'international exchange',
];

export const STUDENT_ACTIVITIES = [
  'Debate Society',
  'Student Council',
  'Robotics Club',
  'Rowing Team',
  'Entrepreneurship Club',
  'Orchestra',
  'Hackathon Organising Team',
  'Volunteer Corps',
];
