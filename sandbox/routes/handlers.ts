/** One handler per endpoint of the registry, keyed by its id (a missing one fails to type-check). */
import type { RouteHandlers } from './context';
import { companyLookupRoute, emailLookupRoute, personLookupRoute, roleLookupRoute } from './lookups';
import {
  companySearchRoute,
  employeeCountRoute,
  employeeListRoute,
  jobSearchRoute,
  personSearchRoute,
  studentListRoute,
} from './pages';
import { companyProfileRoute, jobProfileRoute, personProfileRoute, schoolProfileRoute } from './profiles';
import { companyLogoRoute, personV3Route } from './v3';

export const handlers: RouteHandlers = {
  'person.profile': personProfileRoute,
  'company.profile': companyProfileRoute,
  'school.profile': schoolProfileRoute,
  'job.profile': jobProfileRoute,
  'job.search': jobSearchRoute,
  'role.lookup': roleLookupRoute,
  'person.lookup': personLookupRoute,
  'email.lookup': emailLookupRoute,
  'company.lookup': companyLookupRoute,
  'employee.count': employeeCountRoute,
  'employee.list': employeeListRoute,
  'student.list': studentListRoute,
  'person.search': personSearchRoute,
  'company.search': companySearchRoute,
  'person.v3': personV3Route,
  'company.logo': companyLogoRoute,
};
