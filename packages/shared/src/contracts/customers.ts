import { z } from 'zod';
import { HAY_APP_OPTIONS } from '../domain/customers/customerGroups.js';
import { LAT_MAX, LON_MAX } from '../domain/customers/customerLocation.js';
import { NAME_MAX } from '../domain/customers/customerRegistration.js';
import { countrySchema, isValidEmail, phoneSchema, usernameSchema } from './account.js';
import { defineEndpoint, defineEndpoints } from './endpoint.js';
import { LANGUAGES } from './preferences.js';
import { PLAN_NAMES, serviceSchema } from './users.js';

/**
 * The operator console's customers (issue 31 item 1; spec doc 1 §7 "Admin GET/POST", "Admin list
 * helpers"; doc 3 "Admin user lists"; decision 0098): every customer, the masters, the migrated, the
 * customers on a map, one customer's facts, a customer's location, and an account registered by staff
 * whose first login goes out by e-mail. Lists are paged and filtered by the server (an operator has
 * thousands of customers); each answer is the spec's admin wrapper, status_code 0 with results.
 */

export const CUSTOMER_PAGE_SIZES = [25, 50, 100, 200] as const;
export const CUSTOMER_SORTS = ['username', 'name', 'country', 'plan', 'created'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const uid = z.coerce.number().int().positive();

export const customerListQuerySchema = z.object({
  hayApp: z
    .enum(HAY_APP_OPTIONS)
    .optional()
    .describe(
      'The hay-app option: only hay-app or migrating users (de-duplicated by U_ID), or only the others; absent: everyone.',
    ),
  q: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .optional()
    .describe('Part of the username, name, e-mail, phone, or a U_ID.'),
  plan: z.enum(PLAN_NAMES).optional(),
  country: countrySchema.optional(),
  sort: z.enum(CUSTOMER_SORTS).default('username'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerGroupSchema = z.enum(['hayApp', 'migrating', 'other']);

export const customerSchema = z.object({
  U_ID: z.int(),
  username: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable().describe('Holds the company (spec doc 2 §3).'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  planName: z.string(),
  planLevel: z.int(),
  planDue: z.int().nullable().describe('Epoch seconds.'),
  partnerApp: z.string().nullable(),
  master: z.boolean(),
  grandMaster: z.boolean(),
  blocked: z.boolean(),
  demo: z.boolean(),
  created: z.int(),
  stations: z.int().describe('How many base stations the account has.'),
  migrationStarted: z.int().nullable().describe('When its migration key was handed out (epoch s).'),
  group: customerGroupSchema.describe('Its place in the hay-app split.'),
  authorizedAccounts: z.int().describe('A master: how many accounts authorised it (0 for others).'),
  location: z.object({ lat: z.number(), lon: z.number() }).nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(customerSchema),
  total: z.int().describe('How many match the filters, over every page.'),
});
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

export const customerLocationsQuerySchema = customerListQuerySchema.pick({
  hayApp: true,
  plan: true,
  country: true,
});

export const customerPointSchema = z.object({
  U_ID: z.int(),
  username: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  planName: z.string(),
  group: customerGroupSchema,
  lat: z.number(),
  lon: z.number(),
});
export type CustomerPoint = z.infer<typeof customerPointSchema>;

export const customerLocationsResponseSchema = z.object({
  status_code: z.literal(0),
  results: z.array(customerPointSchema),
  withoutLocation: z.int().describe('Customers matching the filters who have no location.'),
  tileUrl: z
    .string()
    .nullable()
    .describe('The map tiles the deployment configures (MAP_TILE_URL); null: points on a plain background.'),
});
export type CustomerLocationsResponse = z.infer<typeof customerLocationsResponseSchema>;

export const customerQuerySchema = z.object({ UID: uid });

export const customerStationSchema = z.object({
  bsId: z.string(),
  name: z.string().nullable(),
  probes: z.int(),
});

export const customerDetailResponseSchema = z.object({
  status_code: z.literal(0),
  customer: customerSchema.extend({
    apiPlanDue: z.int().nullable(),
    service: serviceSchema.nullable().describe('The Insight service.'),
    subUsers: z.int(),
    stationList: z.array(customerStationSchema),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetailResponseSchema>['customer'];

const coordinate = (max: number) => z.number().min(-max).max(max).nullable();

export const setUserLocationRequestSchema = z
  .strictObject({
    UID: z.int().positive(),
    lat: coordinate(LAT_MAX).describe('Degrees north (WGS 84); null with lon null removes the location.'),
    lon: coordinate(LON_MAX).describe('Degrees east (WGS 84).'),
  })
  .refine((b) => (b.lat === null) === (b.lon === null), {
    message: 'Give both latitude and longitude, or neither.',
    path: ['lon'],
  });
export type SetUserLocationRequest = z.input<typeof setUserLocationRequestSchema>;

const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX)
  .default('')
  .transform((s) => (s === '' ? null : s));

export const registerUserRequestSchema = z
  .strictObject({
    username: usernameSchema,
    email: z
      .string()
      .trim()
      .max(254)
      .refine(isValidEmail, 'invalid_email')
      .describe('The first login (a link to set the password) goes here.'),
    firstname: optionalName,
    lastname: optionalName.describe('The company.'),
    phone: phoneSchema.optional(),
    country: countrySchema,
    language: z.enum(LANGUAGES).default('en'),
  })
  .refine((b) => b.firstname !== null || b.lastname !== null, {
    message: 'name_required',
    path: ['firstname'],
  });
export type RegisterUserRequest = z.input<typeof registerUserRequestSchema>;

export const registerUserResponseSchema = z.object({
  status_code: z.literal(0),
  U_ID: z.int(),
  username: z.string(),
  emailQueued: z.boolean().describe('The first-login e-mail is in the outbox.'),
});

export const customerEndpoints = defineEndpoints({
  getusers: defineEndpoint({
    method: 'GET',
    path: '/admin/getusers',
    query: customerListQuerySchema,
    response: customerListResponseSchema,
    auth: 'user',
    summary:
      'Staff: the customers, a page at a time, by search text, plan and country; the hay-app option splits hay-app or migrating users from the others.',
  }),
  getMasterUsers: defineEndpoint({
    method: 'GET',
    path: '/admin/getMasterUsers',
    query: customerListQuerySchema,
    response: customerListResponseSchema,
    auth: 'user',
    summary: 'Staff: the master and grand-master accounts with how many accounts authorised each.',
  }),
  getMigratedUsers: defineEndpoint({
    method: 'GET',
    path: '/admin/getMigratedUsers',
    query: customerListQuerySchema,
    response: customerListResponseSchema,
    auth: 'user',
    summary: 'Staff: the accounts whose migration to the separate app has started, with when.',
  }),
  getuserLocations: defineEndpoint({
    method: 'GET',
    path: '/admin/getuserLocations',
    query: customerLocationsQuerySchema,
    response: customerLocationsResponseSchema,
    auth: 'user',
    summary: 'Staff: the customers that have a location, for the map, and the map tiles configured.',
  }),
  getCustomer: defineEndpoint({
    method: 'GET',
    path: '/admin/getCustomer',
    query: customerQuerySchema,
    response: customerDetailResponseSchema,
    auth: 'user',
    summary: 'Staff: one customer’s facts, stations, plan and Insight service.',
  }),
  setUserLocation: defineEndpoint({
    method: 'POST',
    path: '/admin/setUserLocation',
    body: setUserLocationRequestSchema,
    response: z.object({
      status_code: z.literal(0),
      location: z.object({ lat: z.number(), lon: z.number() }).nullable(),
    }),
    auth: 'user',
    summary: 'Root, Admin and Tech staff: sets or removes a customer’s location on the map.',
  }),
  registerUser: defineEndpoint({
    method: 'POST',
    path: '/admin/registerUser',
    body: registerUserRequestSchema,
    response: registerUserResponseSchema,
    auth: 'user',
    summary:
      'Root, Admin and Tech staff: creates a customer account; its first login (how to set the password) is e-mailed through the outbox.',
  }),
});
