/**
 * Complete answers of the service, written by hand for fictional subjects: every optional field
 * filled in, so that the schemas are held to read each field of the spec and not only those the
 * published answers happen to carry.
 */

const date = (year: number, month: number, day: number) => ({ day, month, year });

/** A complete v2 person, every optional enrichment field included (a fictional person). */
export const completePerson = {
  public_identifier: 'amara-okafor',
  profile_pic_url: 'https://media.licdn.com/dms/image/amara-okafor/profile.jpg',
  background_cover_image_url: 'https://media.licdn.com/dms/image/amara-okafor/cover.jpg',
  first_name: 'Amara',
  last_name: 'Okafor',
  full_name: 'Amara Okafor',
  follower_count: 1843,
  occupation: 'Head of Data Platform at Tidewater Analytics',
  headline: 'Data platforms that people trust',
  summary: 'I build data platforms and the teams that run them.',
  location_str: 'Lisbon, Lisbon, Portugal',
  country: 'PT',
  country_full_name: 'Portugal',
  city: 'Lisbon',
  state: 'Lisbon',
  experiences: [
    {
      starts_at: date(2021, 3, 1),
      ends_at: date(2024, 6, 30),
      company: 'Tidewater Analytics',
      company_network_profile_url: 'https://www.linkedin.com/company/tidewater-analytics',
      company_social_profile_url: 'https://www.facebook.com/tidewateranalytics',
      title: 'Head of Data Platform',
      description: 'Led a team of nine building the streaming warehouse.',
      location: 'Lisbon, Portugal',
      logo_url: 'https://media.licdn.com/dms/image/tidewater/logo.png',
    },
    {
      starts_at: date(2017, 9, 1),
      ends_at: null,
      company: 'Harbourline',
      company_network_profile_url: 'https://www.linkedin.com/company/harbourline',
      company_social_profile_url: null,
      title: 'Data Engineer',
      description: null,
      location: null,
      logo_url: null,
    },
  ],
  education: [
    {
      starts_at: date(2012, 9, 1),
      ends_at: date(2016, 7, 31),
      field_of_study: 'Computer Science',
      degree_name: 'BSc',
      school: 'University of Lagos',
      school_network_profile_url: 'https://www.linkedin.com/school/university-of-lagos/',
      school_social_profile_url: 'https://www.facebook.com/unilag',
      description: 'Thesis on distributed joins.',
      logo_url: 'https://media.licdn.com/dms/image/unilag/logo.png',
      grade: 'First Class',
      activities_and_societies: 'Programming club',
    },
  ],
  languages: ['English', 'Portuguese', 'Yoruba'],
  languages_and_proficiencies: [{ name: 'Portuguese', proficiency: 'ELEMENTARY' }],
  accomplishment_organisations: [{ org_name: 'Data Engineers Lisbon', title: 'Organiser' }],
  accomplishment_publications: [{ name: 'Streaming joins in practice', publisher: 'Data Quarterly' }],
  accomplishment_honors_awards: [{ title: 'Engineer of the Year', issuer: 'Tidewater Analytics' }],
  accomplishment_patents: [{ title: 'Watermark propagation for late events', patent_number: 'PT 118 042' }],
  accomplishment_courses: [{ name: 'Distributed Systems', number: 'CS 451' }],
  accomplishment_projects: [
    {
      starts_at: date(2020, 1, 1),
      ends_at: date(2020, 12, 31),
      title: 'tidepool',
      description: 'An open-source change-data-capture connector.',
      url: 'https://github.com/amara-okafor/tidepool',
    },
  ],
  accomplishment_test_scores: [{ name: 'GRE Quantitative', score: '168' }],
  volunteer_work: [{ title: 'Mentor', cause: 'Education', company: 'Code Lagos' }],
  certifications: [
    {
      starts_at: date(2022, 5, 1),
      ends_at: date(2025, 5, 1),
      name: 'Professional Data Engineer',
      license_number: 'PDE-20931',
      display_source: 'cloud.google.com',
      authority: 'Google Cloud',
      url: 'https://cloud.google.com/certification/data-engineer',
    },
  ],
  connections: 500,
  people_also_viewed: [
    {
      link: 'https://www.linkedin.com/in/joao-mendes',
      name: 'João Mendes',
      summary: 'Staff Engineer at Harbourline',
      location: 'Porto, Portugal',
    },
  ],
  recommendations: ['Chidi Eze\n\nAmara made our on-call rotation boring, in the best way.'],
  activities: [
    {
      title: 'We just open-sourced tidepool',
      link: 'https://www.linkedin.com/posts/amara-okafor_tidepool-activity-7100000000000000000',
      activity_status: 'Posted by Amara Okafor',
    },
  ],
  similarly_named_profiles: [
    {
      name: 'Amara Okafor',
      link: 'https://www.linkedin.com/in/amaraokafor',
      summary: 'Pharmacist',
      location: 'Abuja, Nigeria',
    },
  ],
  articles: [{ title: 'Boring on-call', link: 'https://www.linkedin.com/pulse/boring-on-call-amara-okafor' }],
  groups: [{ name: 'Data Engineering Europe', url: 'https://www.linkedin.com/groups/9100' }],
  meta: { thin_profile: false, last_updated: '2025-04-02T09:14:00Z' },
  extra: {
    gender: 'female',
    birth_date: date(1994, 2, 11),
    industry: 'Information Technology & Services',
    interests: ['sailing', 'open source'],
  },
  codehost_profile_id: 'amara-okafor',
  social_profile_id: 'amara.okafor.94',
  microblog_profile_id: 'amaraokafor',
  personal_numbers: ['+351 912 345 678'],
  personal_emails: ['amara.okafor@example.com'],
  inferred_salary: { min: 85000, max: 110000 },
  skills: ['Kafka', 'Flink', 'PostgreSQL'],
};

/** A complete company profile with every optional block requested. Block contents are not shown in the spec. */
export const completeCompany = {
  network_internal_id: '48213370',
  description: 'Tidewater Analytics builds real-time data warehouses for logistics.',
  website: 'https://tidewater.example.com',
  industry: 'Software Development',
  company_size: [51, 200],
  company_size_on_network: 164,
  hq: {
    country: 'PT',
    city: 'Lisbon',
    postal_code: '1200-195',
    line_1: 'Rua do Alecrim 12',
    is_hq: true,
    state: 'Lisbon',
  },
  company_type: 'PRIVATELY_HELD',
  founded_year: 2016,
  specialities: ['stream processing', 'data warehousing'],
  locations: [
    {
      country: 'PT',
      city: 'Lisbon',
      postal_code: '1200-195',
      line_1: 'Rua do Alecrim 12',
      is_hq: true,
      state: 'Lisbon',
    },
  ],
  name: 'Tidewater Analytics',
  tagline: 'Your supply chain, as it happens',
  universal_name_id: 'tidewater-analytics',
  profile_pic_url: 'https://media.licdn.com/dms/image/tidewater/logo.png',
  background_cover_image_url: 'https://media.licdn.com/dms/image/tidewater/cover.png',
  search_id: '48213370',
  similar_companies: [
    {
      name: 'Harbourline',
      link: 'https://www.linkedin.com/company/harbourline',
      industry: 'Software Development',
      location: 'Porto',
    },
  ],
  affiliated_companies: [
    {
      name: 'Tidewater Labs',
      link: 'https://www.linkedin.com/company/tidewater-labs',
      industry: 'Research Services',
      location: 'Lisbon',
    },
  ],
  updates: [
    {
      article_link: 'https://tidewater.example.com/blog/series-a',
      image: 'https://media.licdn.com/dms/image/tidewater/update.jpg',
      posted_on: date(2024, 11, 5),
      text: 'We raised our Series A.',
      total_likes: 312,
    },
  ],
  follower_count: 5210,
  meta: { thin_profile: false, last_updated: '2025-03-30T17:02:11Z' },
  categories: ['analytics', 'logistics'],
  funding_data: [
    {
      funding_type: 'Series A',
      money_raised: 12000000,
      announced_date: date(2024, 11, 5),
      number_of_investor: 2,
      investor_list: [{ name: 'Atlantic Ventures', type: 'organization' }],
    },
  ],
  exit_data: [],
  acquisitions: { acquired: [], acquired_by: null },
  extra: { ipo_status: 'Private', number_of_funding_rounds: 2, contact_email: 'hello@tidewater.example.com' },
};

/** A v3 person with one entry in every section and every flag-gated section included. */
export const completePersonV3 = {
  summary: {
    fullName: 'Amara Okafor',
    profileImage: 'https://media.licdn.com/dms/image/amara-okafor/profile.jpg',
    jobTitle: 'Head of Data Platform',
    currentCompanies: ['Tidewater Analytics'],
    location: 'Lisbon, Portugal',
  },
  slug: {
    network: 'amara-okafor',
    codehost: 'amara-okafor',
    social: 'amara.okafor.94',
    microblog: 'amaraokafor',
  },
  profileImageUrl: {
    network: 'https://media.licdn.com/dms/image/amara-okafor/profile.jpg',
    microblog: 'https://pbs.twimg.com/profile_images/amaraokafor.jpg',
    codehost: 'https://avatars.githubusercontent.com/u/4242',
  },
  backgroundImageUrl: {
    network: 'https://media.licdn.com/dms/image/amara-okafor/cover.jpg',
    microblog: 'https://pbs.twimg.com/profile_banners/amaraokafor.jpg',
    codehost: 'https://avatars.githubusercontent.com/u/4242?banner',
  },
  firstName: 'Amara',
  lastName: 'Okafor',
  fullName: 'Amara Okafor',
  middleName: 'Ngozi',
  nickname: 'Ama',
  suffix: 'PhD',
  headline: 'Data platforms that people trust',
  jobTitle: 'Head of Data Platform',
  about: 'I build data platforms and the teams that run them.',
  headlineTimeseries: [{ date: '2024-01-01', value: 1 }],
  location: {
    country: 'PT',
    countryIso3: 'PRT',
    countryFullName: 'Portugal',
    city: 'Lisbon',
    state: 'Lisbon',
    stateFullName: 'Lisbon District',
    rawLocationString: 'Lisbon, Portugal',
    coordinates: { latitude: 38.7223, longitude: -9.1393 },
  },
  experience: {
    work: [
      {
        startDate: '2021-03-01',
        endDate: '2024-06-30',
        companyName: 'Tidewater Analytics',
        companyInfo: {
          network: {
            slug: 'tidewater-analytics',
            companyId: 48213370,
            logoUrl: 'https://media.licdn.com/dms/image/tidewater/logo.png',
            website: 'https://tidewater.example.com',
            industries: ['Software Development'],
          },
          social: {
            slug: 'tidewateranalytics',
            companyId: 77120,
            logoUrl: 'https://scontent.example.com/tidewater-social.png',
            website: 'https://tidewater.example.com',
            industries: ['Software'],
          },
          bizdata: {
            slug: 'tidewater-analytics',
            companyId: 9081,
            logoUrl: 'https://images.example.com/bizdata/tidewater.png',
            website: 'https://tidewater.example.com',
            industries: ['Analytics', 'Logistics'],
          },
          microblog: {
            slug: 'tidewaterhq',
            companyId: 55102,
            logoUrl: 'https://pbs.twimg.com/profile_images/tidewaterhq.png',
            website: 'https://tidewater.example.com',
            industries: ['Technology'],
          },
        },
        title: 'Head of Data Platform',
        description: 'Led a team of nine building the streaming warehouse.',
        location: 'Lisbon, Portugal',
        seniority: ['Director'],
        isDecisionMaker: true,
        employmentType: ['Full-time'],
        jobFunction: ['Engineering'],
      },
    ],
    volunteer: [
      {
        startDate: '2019-01-01',
        endDate: '2023-12-31',
        title: 'Mentor',
        cause: 'Education',
        organization: 'Code Lagos',
        organizationId: {
          networkId: '30112',
          bizdataId: 'code-lagos',
          socialId: '5511',
          microblogId: '7702',
        },
        description: 'Weekly mentoring for new programmers.',
        logoUrl: 'https://media.licdn.com/dms/image/code-lagos/logo.png',
      },
    ],
  },
  education: [
    {
      startDate: '2012-09-01',
      endDate: '2016-07-31',
      fieldOfStudy: 'Computer Science',
      degreeName: 'BSc',
      school: 'University of Lagos',
      schoolId: {
        networkId: 15093,
        bizdataId: 'university-of-lagos',
        socialId: 'unilag',
        microblogId: 'unilagng',
      },
      description: 'Thesis on distributed joins.',
      logoUrl: 'https://media.licdn.com/dms/image/unilag/logo.png',
      grade: 'First Class',
      activities: 'Programming club',
    },
  ],
  certifications: [
    {
      startDate: '2022-05-01',
      endDate: '2025-05-01',
      name: 'Professional Data Engineer',
      licenseNumber: 'PDE-20931',
      displaySource: 'cloud.google.com',
      authority: 'Google Cloud',
      url: 'https://cloud.google.com/certification/data-engineer',
      organizationId: {
        networkId: '1441',
        bizdataId: 'google',
        socialId: '104958162837',
        microblogId: 'googlecloud',
      },
      organizationUrl: 'https://www.linkedin.com/company/google',
    },
  ],
  accomplishments: {
    organizations: [
      {
        startDate: '2019-01-01',
        endDate: '2024-12-31',
        name: 'Data Engineers Lisbon',
        position: 'Organiser',
        description: 'Monthly meetup.',
      },
    ],
    honorsAwards: [
      {
        title: 'Engineer of the Year',
        issuer: 'Tidewater Analytics',
        issuedDate: '2023-12-01',
        description: 'For the warehouse migration.',
      },
    ],
    courses: [{ name: 'Distributed Systems', number: 'CS 451' }],
    projects: [
      {
        startDate: '2020-01-01',
        endDate: '2020-12-31',
        title: 'tidepool',
        description: 'An open-source change-data-capture connector.',
        url: 'https://github.com/amara-okafor/tidepool',
      },
    ],
    testScores: [{ name: 'GRE Quantitative', score: '168', date: '2016-03-01', description: 'Out of 170' }],
  },
  publications: [
    {
      title: 'Streaming joins in practice',
      publisher: 'Data Quarterly',
      publishedDate: '2022-06-01',
      description: 'Lessons from three years of production joins.',
      url: 'https://dataquarterly.example.org/streaming-joins',
    },
  ],
  patents: [
    {
      title: 'Watermark propagation for late events',
      issuer: 'INPI',
      issuedDate: '2023-02-14',
      description: 'A method for propagating event-time watermarks.',
      applicationNumber: 'PT 20211000123',
      patentNumber: 'PT 118 042',
      url: 'https://patents.example.org/PT118042',
    },
  ],
  contactInformation: {
    emails: {
      personal: [
        {
          email: 'Amara.Okafor@example.com',
          normalized: 'amara.okafor@example.com',
          validity: 'valid',
          validatedAt: '2025-04-01T08:00:00Z',
          gateway: 'smtp',
        },
      ],
      work: [
        {
          email: 'amara@tidewater.example.com',
          normalized: 'amara@tidewater.example.com',
          validity: 'valid',
          validatedAt: '2025-04-01T08:00:00Z',
          gateway: 'smtp',
        },
      ],
    },
    phoneNumbers: ['+351 912 345 678'],
    socialLinks: {
      networkUrl: 'https://www.linkedin.com/in/amara-okafor',
      codehostUrl: 'https://github.com/amara-okafor',
      socialUrl: 'https://www.facebook.com/amara.okafor.94',
      microblogUrl: 'https://x.com/amaraokafor',
      websiteUrl: 'https://amara.example.com',
    },
  },
  languages: [{ name: 'Portuguese', proficiency: 'ELEMENTARY' }],
  interests: ['sailing'],
  inferredGender: 'female',
  industries: ['Information Technology & Services'],
  socialPresence: {
    followers: { total: 4210, network: 1843, microblog: 2100, social: 120, codehost: 147 },
    followersCountTimeseries: [{ date: '2025-01-01', value: 4100 }],
    connections: { total: 640, network: 500, microblog: 90, social: 40, codehost: 10 },
  },
  relatedProfiles: [
    {
      url: 'https://www.linkedin.com/in/joao-mendes',
      name: 'João Mendes',
      headline: 'Staff Engineer at Harbourline',
      location: 'Porto, Portugal',
    },
  ],
  similarNames: [
    {
      url: 'https://www.linkedin.com/in/amaraokafor',
      name: 'Amara Okafor',
      headline: 'Pharmacist',
      location: 'Abuja, Nigeria',
    },
  ],
  recommendations: ['Amara made our on-call rotation boring, in the best way.'],
  activities: [
    {
      title: 'We just open-sourced tidepool',
      url: 'https://www.linkedin.com/posts/amara-okafor_tidepool-activity-7100000000000000000',
    },
  ],
  articles: [
    {
      title: 'Boring on-call',
      url: 'https://www.linkedin.com/pulse/boring-on-call-amara-okafor',
      publishedDate: '2024-09-10',
      author: 'Amara Okafor',
      imageUrl: 'https://media.licdn.com/dms/image/boring-on-call.jpg',
    },
  ],
  groups: [
    {
      id: 9100,
      name: 'Data Engineering Europe',
      link: 'https://www.linkedin.com/groups/9100',
      type: 'Network Group',
    },
  ],
  developerProfile: {
    codehost: {
      username: 'amara-okafor',
      avatarUrl: 'https://avatars.githubusercontent.com/u/4242',
      followersCount: 147,
      followingCount: 31,
      publicReposCount: 22,
      publicGistsCount: 4,
      languages: ['Java', 'Python'],
      contributionsCount: 1310,
    },
  },
  careerInsight: {
    estimatedSalary: { min: 85000, max: 110000 },
    seniority: {
      totalExperienceYears: 8.5,
      currentTenureYears: 3.3,
      averageTenureYears: 2.8,
      isInfluencer: false,
    },
    inferredSkills: ['Kafka', 'Flink'],
  },
  meta: { updatedAt: '2025-04-02T09:14:00Z', activityAt: '2025-03-28T18:40:00Z' },
};

export const logoMatches = [
  {
    companyName: 'Tidewater Analytics',
    logoUrl: 'https://logos.example.com/tidewater.example.com.png',
    domain: {
      resolved: 'tidewater.example.com',
      original: 'tidewater.example.com',
      alternatives: ['tidewater-analytics.example.com'],
    },
    industry: 'Software Development',
    employeeCount: 164,
    location: 'Lisbon, Portugal',
    networkUrl: 'https://www.linkedin.com/company/tidewater-analytics',
  },
];
